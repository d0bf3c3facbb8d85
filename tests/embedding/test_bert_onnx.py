import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

# torch and sentence-transformers made unimportable: the default install has neither.
WITHOUT_TORCH = """
import sys
for name in ("torch", "sentence_transformers", "transformers", "optimum"):
    sys.modules[name] = None
from pathlib import Path
from engram_mcp.embedding.onnx import OnnxEmbedder
vector, = OnnxEmbedder(cache_dir=Path(sys.argv[1])).embed(["Ana moved to Berlin."])
print(" ".join(f"{x:.6f}" for x in vector))
"""


def test_the_bundled_model_is_exported_to_onnx_without_torch_and_embeds_as_sentence_transformers_does(
    tmp_path: Path,
) -> None:
    pytest.importorskip("sentence_transformers", reason="the reference vectors come from torch (full install)")
    from engram_mcp.embedding.sentence import SentenceEmbedder

    out = subprocess.run(
        [sys.executable, "-c", WITHOUT_TORCH, str(tmp_path)], capture_output=True, text=True, check=True, timeout=300
    )
    ours = [float(x) for x in out.stdout.split()]
    assert (tmp_path / "all-MiniLM-L6-v2-onnx" / "onnx" / "model.onnx").exists()
    (reference,) = SentenceEmbedder().embed(["Ana moved to Berlin."])
    assert len(ours) == 384
    assert max(abs(x - y) for x, y in zip(ours, reference, strict=True)) < 1e-4
