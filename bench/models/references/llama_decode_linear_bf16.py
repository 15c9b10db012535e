"""The bf16 variant of llama_decode_linear: the same computation on the bf16 inputs
(check_small.py hands the reference the inputs rounded to bf16), with exact
products and an f32 result."""
from llama_decode_linear import reference  # noqa: F401
