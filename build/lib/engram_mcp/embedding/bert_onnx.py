"""A BERT encoder's ONNX graph, written from its safetensors weights without torch.

The default install has no torch: the bundled sentence-transformers model (a BERT: MiniLM)
ships as safetensors, and onnxruntime needs an ONNX graph. This writes that graph directly
with the ``onnx`` package: embeddings, then per layer self-attention and a feed-forward
block, each followed by a residual LayerNorm, exactly as Hugging Face's ``BertModel``
computes them, with the same inputs (input_ids, attention_mask, token_type_ids) and output
(last_hidden_state) as an export through torch. Other architectures still need the torch
export (``pip install engram-mcp[torch]``).
"""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path
from typing import Any

__all__ = ["is_bert", "write_bert_onnx"]

_DTYPES = {"F32": "<f4", "F16": "<f2", "I64": "<i8"}
_OPSET = 17  # the first with LayerNormalization


def is_bert(folder: Path) -> bool:
    config = folder / "config.json"
    if not config.exists() or not (folder / "model.safetensors").exists():
        return False
    settings = json.loads(config.read_text(encoding="utf-8"))
    return bool(
        settings.get("model_type") == "bert"
        and settings.get("hidden_act") == "gelu"
        and settings.get("position_embedding_type", "absolute") == "absolute"
    )


def write_bert_onnx(folder: Path, target: Path) -> None:
    """Write ``target`` (an .onnx file) computing the BERT in ``folder``'s last_hidden_state."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    weights = _safetensors(folder / "model.safetensors")
    prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""
    hidden, heads = int(config["hidden_size"]), int(config["num_attention_heads"])
    eps = float(config.get("layer_norm_eps", 1e-12))
    graph = _Graph(helper, numpy_helper, weights, prefix)

    ids, mask, types = "input_ids", "attention_mask", "token_type_ids"
    shape = graph.node("Shape", [ids])
    length = graph.node("Gather", [shape, graph.const("one", 1)], axis=0)
    positions = graph.node("Range", [graph.const("zero", 0), length, graph.const("one", 1)])
    embedded = graph.node("Add", [
        graph.node("Add", [
            graph.node("Gather", [graph.weight("embeddings.word_embeddings.weight"), ids]),
            graph.node("Gather", [graph.weight("embeddings.position_embeddings.weight"), positions]),
        ]),
        graph.node("Gather", [graph.weight("embeddings.token_type_embeddings.weight"), types]),
    ])
    state = graph.layer_norm(embedded, "embeddings.LayerNorm", eps)
    # Padding gets a large negative score before the softmax: [batch, 1, 1, seq].
    keep = graph.node("Cast", [mask], to=TensorProto.FLOAT)
    blocked = graph.node("Mul", [graph.node("Sub", [graph.const("f_one", 1.0), keep]), graph.const("neg", -1e4)])
    bias = graph.node("Unsqueeze", [blocked, graph.const("axes_12", [1, 2])])
    split = graph.const("split_heads", [0, 0, heads, hidden // heads])
    merge = graph.const("merge_heads", [0, 0, hidden])
    scale = graph.const("scale", 1.0 / math.sqrt(hidden // heads))
    for layer in range(int(config["num_hidden_layers"])):
        at = f"encoder.layer.{layer}."

        query, key, value = (
            graph.node("Transpose", [graph.node("Reshape", [graph.dense(state, f"{at}attention.self.{name}"), split])],
                       perm=perm)
            for name, perm in (("query", [0, 2, 1, 3]), ("key", [0, 2, 3, 1]), ("value", [0, 2, 1, 3]))
        )
        scores = graph.node("Add", [graph.node("Mul", [graph.node("MatMul", [query, key]), scale]), bias])
        context = graph.node("MatMul", [graph.node("Softmax", [scores], axis=-1), value])
        merged = graph.node("Reshape", [graph.node("Transpose", [context], perm=[0, 2, 1, 3]), merge])
        attended = graph.layer_norm(
            graph.node("Add", [graph.dense(merged, f"{at}attention.output.dense"), state]),
            f"{at}attention.output.LayerNorm", eps,
        )
        inner = graph.gelu(graph.dense(attended, f"{at}intermediate.dense"))
        state = graph.layer_norm(
            graph.node("Add", [graph.dense(inner, f"{at}output.dense"), attended]), f"{at}output.LayerNorm", eps
        )
    graph.nodes.append(helper.make_node("Identity", [state], ["last_hidden_state"]))

    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "sequence"]) for n in (ids, mask, types)]
    output = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", hidden])
    model = helper.make_model(
        helper.make_graph(graph.nodes, "bert", inputs, [output], graph.initializers),
        opset_imports=[helper.make_opsetid("", _OPSET)],
        producer_name="engram-mcp",
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    target.parent.mkdir(parents=True, exist_ok=True)
    onnx.save_model(model, str(target))


class _Graph:
    """Nodes and initialisers, each output named by a running counter."""

    def __init__(self, helper: Any, numpy_helper: Any, weights: dict[str, Any], prefix: str) -> None:
        self._helper, self._numpy, self._weights, self._prefix = helper, numpy_helper, weights, prefix
        self.nodes: list[Any] = []
        self.initializers: list[Any] = []
        self._count = 0
        self._named: set[str] = set()

    def node(self, op: str, inputs: list[str], **attributes: Any) -> str:
        self._count += 1
        name = f"{op.lower()}_{self._count}"
        self.nodes.append(self._helper.make_node(op, inputs, [name], **attributes))
        return name

    def const(self, name: str, value: Any) -> str:
        import numpy as np

        if name not in self._named:
            dtype = np.float32 if isinstance(value, float) else np.int64
            self.initializers.append(self._numpy.from_array(np.array(value, dtype=dtype), name))
            self._named.add(name)
        return name

    def weight(self, name: str, transpose: bool = False) -> str:
        import numpy as np

        key = name + (".T" if transpose else "")
        if key not in self._named:
            array = self._weights[self._prefix + name].astype(np.float32)
            array = np.ascontiguousarray(array.T) if transpose else array
            self.initializers.append(self._numpy.from_array(array, key))
            self._named.add(key)
        return key

    def dense(self, x: str, at: str) -> str:
        """x · Wᵀ + b, as torch's Linear computes it."""
        return self.node("Add", [self.node("MatMul", [x, self.weight(f"{at}.weight", transpose=True)]),
                                 self.weight(f"{at}.bias")])

    def layer_norm(self, x: str, at: str, eps: float) -> str:
        return self.node("LayerNormalization", [x, self.weight(f"{at}.weight"), self.weight(f"{at}.bias")],
                         axis=-1, epsilon=eps)

    def gelu(self, x: str) -> str:
        """The exact GELU BERT uses: x · ½ · (1 + erf(x / √2))."""
        erf = self.node("Erf", [self.node("Div", [x, self.const("sqrt2", math.sqrt(2.0))])])
        half = self.node("Mul", [x, self.const("half", 0.5)])
        return self.node("Mul", [half, self.node("Add", [erf, self.const("f_one", 1.0)])])


def _safetensors(path: Path) -> dict[str, Any]:
    """The tensors of a .safetensors file as numpy arrays (the format is a JSON header and raw bytes)."""
    import numpy as np

    data = path.read_bytes()
    (size,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + size])
    body = memoryview(data)[8 + size :]
    tensors: dict[str, Any] = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] not in _DTYPES:
            continue
        start, end = info["data_offsets"]
        tensors[name] = np.frombuffer(body[start:end], dtype=_DTYPES[info["dtype"]]).reshape(info["shape"])
    return tensors
