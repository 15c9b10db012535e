// RUN: foundry-opt %s -split-input-file --foundry-merge-gpu-modules --verify-diagnostics | FileCheck %s

// Two outlined launches end up in one gpu.module; the second kernel takes
// its former module's name and its launch follows it.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:         gpu.launch_func @k::@k
// CHECK:         gpu.launch_func @k::@k_0
// CHECK:       gpu.module @k
// CHECK:         gpu.func @k
// CHECK:         gpu.func @k_0
// CHECK-NOT:   gpu.module
module attributes {gpu.container_module} {
  func.func @host(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @k_0::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @k_0 {
    gpu.func @k(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// Nothing to merge with a single module.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:         gpu.launch_func @only::@only
// CHECK:       gpu.module @only
module attributes {gpu.container_module} {
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @only::@only blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @only {
    gpu.func @only() kernel {
      gpu.return
    }
  }
}

// -----

// A moved kernel takes its module's name; here that name is taken already.
module attributes {gpu.container_module} {
  gpu.module @a {
    gpu.func @a() kernel {
      gpu.return
    }
    gpu.func @b() {
      gpu.return
    }
  }
  gpu.module @b {
    // expected-error @+1 {{'gpu.func' op cannot be merged into @a: symbol @b is already defined there}}
    gpu.func @x() kernel {
      gpu.return
    }
  }
}
