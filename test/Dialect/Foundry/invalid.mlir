// RUN: foundry-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'foundry.kernel' op argument #0 must have a static shape, got tensor<?x8xf32> (dynamic dimensions are not supported)}}
foundry.kernel @dynamic_shape(%x: tensor<?x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  foundry.yield %e : tensor<4x8xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #1 must be a ranked tensor, got memref<4xf32>}}
foundry.kernel @memref_argument(%x: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #0 must be a ranked tensor, got unranked tensor<*xf32>}}
foundry.kernel @unranked(%x: tensor<*xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  foundry.yield %e : tensor<4xf32>
}

// -----

// 2^62 x 4 elements wrap around to 0 in ShapedType::getNumElements: the
// size is too large, not empty.
// expected-error @+1 {{'foundry.kernel' op result #0 is too large, got tensor<4611686018427387904x4xf32> (its size in bytes overflows a 64-bit integer)}}
foundry.kernel @size_overflows(%x: tensor<4xf32>) -> tensor<4611686018427387904x4xf32> {
  %e = tensor.empty() : tensor<4611686018427387904x4xf32>
  foundry.yield %e : tensor<4611686018427387904x4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op result #0 has unsupported element type complex<f32> (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)}}
foundry.kernel @complex_result(%x: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  %e = tensor.empty() : tensor<4xcomplex<f32>>
  foundry.yield %e : tensor<4xcomplex<f32>>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #0 has unsupported element type index}}
foundry.kernel @index_argument(%x: tensor<4xindex>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  foundry.yield %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op must have at least one result}}
foundry.kernel @no_result(%x: tensor<4xf32>) {
  foundry.yield
}

// -----

// expected-error @+1 {{'foundry.kernel' op must have a body (kernels cannot be declarations)}}
foundry.kernel private @declaration(%x: tensor<4xf32>) -> tensor<4xf32>

// -----

// expected-note @+1 {{in this kernel}}
foundry.kernel @foreign_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'memref.alloc' op is not allowed in a foundry.kernel body (only linalg, tensor, arith and math ops are, and the scf, affine and vector ops, shared-memory tiles and warp reductions of schedules)}}
  %m = memref.alloc() : memref<4xf32>
  foundry.yield %x : tensor<4xf32>
}

// -----

foundry.kernel @yield_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'foundry.yield' op yields 2 values but kernel @yield_count returns 1}}
  foundry.yield %x, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

foundry.kernel @yield_type(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'foundry.yield' op operand #0 has type 'tensor<4xf32>' but kernel @yield_type returns 'tensor<8xf32>'}}
  foundry.yield %x : tensor<4xf32>
}

// -----

func.func @yield_outside_kernel(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'foundry.yield' op expects parent op 'foundry.kernel'}}
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+2 {{atol must be finite and non-negative, got -1.000000e+00}}
foundry.kernel @negative_atol(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {tolerance = #foundry.tolerance<atol = -1.0, rtol = 1.0e-4>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+2 {{rtol must be finite and non-negative, got -2.000000e+00}}
foundry.kernel @negative_rtol(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {tolerance = #foundry.tolerance<atol = 1.0e-4, rtol = -2.0>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+2 {{unknown precision 'fp8'; expected ieee, 3xtf32, tf32 or bf16}}
foundry.kernel @unknown_precision(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {precision = #foundry.precision<fp8>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+2 {{flops must be non-negative, got -5}}
foundry.kernel @negative_flops(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {workload = #foundry.workload<flops = -5, bytes = 32>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+2 {{bytes must be non-negative, got -1}}
foundry.kernel @negative_bytes(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {workload = #foundry.workload<flops = 5, bytes = -1>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+2 {{schedule pipeline must not be empty}}
foundry.kernel @empty_schedule(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {schedule = #foundry.schedule<"  ">} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op name 'gemm-relu' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*); it must name a GPU entry point in PTX}}
foundry.kernel @"gemm-relu"(%x: tensor<4xf32>) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op attribute 'precision' must be a #foundry.precision attribute, got 3 : i32}}
foundry.kernel @wrong_precision_type(%x: tensor<4xf32>) -> tensor<4xf32> attributes {precision = 3 : i32} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #1: foundry.init 'gaussian(0, 1)': unknown distribution; expected "uniform(LOW, HIGH)" or "normal(MEAN, STD)"}}
foundry.kernel @init_unknown(%x: tensor<4xf32>, %w: tensor<4xf32> {foundry.init = "gaussian(0, 1)"}) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #0: foundry.init 'uniform(1, -1)': LOW is above HIGH}}
foundry.kernel @init_empty_range(%x: tensor<4xf32> {foundry.init = "uniform(1, -1)"}) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #0: foundry.init 'normal(0, -2)': STD is negative}}
foundry.kernel @init_negative_std(%x: tensor<4xf32> {foundry.init = "normal(0, -2)"}) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #0: foundry.init 'uniform(0, 1, 2)': '1, 2' is not a finite number}}
foundry.kernel @init_three_numbers(%x: tensor<4xf32> {foundry.init = "uniform(0, 1, 2)"}) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #0: foundry.init 'normal(nan, 1)': 'nan' is not a finite number}}
foundry.kernel @init_nan(%x: tensor<4xf32> {foundry.init = "normal(nan, 1)"}) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'foundry.kernel' op argument #0: foundry.init must be a string such as "uniform(-0.01, 0.01)"}}
foundry.kernel @init_not_string(%x: tensor<4xf32> {foundry.init = 1.0 : f32}) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}
