"""The bf16 variant of resnet50_conv3x3_nhwc: the same computation on the bf16 inputs
(check_small.py hands the reference the inputs rounded to bf16), with exact
products and an f32 result."""
from resnet50_conv3x3_nhwc import reference  # noqa: F401
