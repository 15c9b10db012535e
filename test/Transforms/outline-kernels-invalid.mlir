// RUN: foundry-opt %s -split-input-file --foundry-outline-kernels --verify-diagnostics

// expected-note @+1 {{in function @loop}}
func.func @loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op cannot be outlined into a foundry.kernel: only linalg, tensor, arith and math ops are allowed}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> tensor<4xf32> {
    scf.yield %acc : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of @dynamic must have a static shape, got tensor<?xf32> (dynamic dimensions are not supported)}}
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// A zero-size tensor would divide the grid by zero further down.
// expected-error @+1 {{'func.func' op argument #0 of @empty has no elements, got tensor<0x300xf32> (a zero-size dimension leaves nothing to compute)}}
func.func @empty(%x: tensor<0x300xf32>) -> tensor<0x300xf32> {
  return %x : tensor<0x300xf32>
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of @scalar must be a ranked tensor, got f32}}
func.func @scalar(%x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op argument #1 of @memref_result must be a ranked tensor, got memref<4xf32>}}
func.func @memref_result(%x: tensor<4xf32>, %m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op @no_results returns nothing; a kernel must return at least one tensor}}
func.func @no_results(%x: tensor<4xf32>) {
  return
}

// -----

// expected-error @+1 {{'func.func' op @external is a declaration; only functions with a body can be outlined into a foundry.kernel}}
func.func private @external(%x: tensor<4xf32>) -> tensor<4xf32>

// -----

// expected-error @+1 {{'func.func' op @callee is referenced elsewhere in the module; a kernel cannot be called, inline it first}}
func.func @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// expected-note @+1 {{in function @caller}}
func.func @caller(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'func.call' op cannot be outlined into a foundry.kernel}}
  %r = func.call @callee(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of @f8 has unsupported element type f8E4M3FN (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)}}
func.func @f8(%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  return %x : tensor<4xf8E4M3FN>
}

// -----

// expected-error @+1 {{'func.func' op @my kernel: name 'my kernel' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*); it must name a GPU entry point in PTX}}
func.func @"my kernel"(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op @bad_contract: attribute 'tolerance' must be a #foundry.tolerance attribute, got "1e-2"}}
func.func @bad_contract(%x: tensor<4xf32>) -> tensor<4xf32> attributes {foundry.tolerance = "1e-2"} {
  return %x : tensor<4xf32>
}

// -----

// A linalg op that is neither structured nor an aggregate of structured
// ops is refused at the op, with its name.
func.func @relayout(%x: tensor<16x16xf32>) -> tensor<2x2x8x8xf32> {
  %e = tensor.empty() : tensor<2x2x8x8xf32>
  // expected-error @+1 {{'linalg.pack' op is not supported in a foundry.kernel: foundry takes structured linalg ops (named or generic) and the aggregates that decompose into them (linalg.softmax)}}
  %p = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %p : tensor<2x2x8x8xf32>
}
