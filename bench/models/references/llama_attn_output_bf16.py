"""The bf16 variant of llama_attn_output: the same computation on the bf16 inputs
(check_small.py hands the reference the inputs rounded to bf16), with exact
products and an f32 result."""
from llama_attn_output import reference  # noqa: F401
