//===- Manifest.h - Launch manifests of compiled kernels --------*- C++ -*-===//
//
// The launch manifest foundry-emit-launch-manifest writes next to a cubin
// (docs/reference/passes.md): per kernel, its arguments (role, element type,
// shape, bytes), the launches in order (kernel symbol, grid, block, dynamic
// shared memory, which arguments), the tolerance, precision and workload.
// It is what lets the runtime launch a kernel without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_RUNTIME_MANIFEST_H
#define FOUNDRY_RUNTIME_MANIFEST_H

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace foundry::runtime {

/// The TMA tensor map a "tensor_map" argument holds (a CUtensorMap of 128
/// bytes that the runner encodes, cuTensorMapEncodeTiled, for the device
/// address of another argument): that argument's index, the box (elements
/// per dimension, innermost first) and the swizzle in bytes (0, 32, 64 or
/// 128). The tensor's dimensions, strides and element type are those of the
/// argument it maps (dense, row-major).
struct ManifestTensorMap {
  int64_t buffer = 0;
  std::vector<int64_t> box;
  int64_t swizzle = 0;
};

/// One buffer argument of a kernel.
struct ManifestArgument {
  enum class Role { Input, Output, Workspace, TensorMap };
  Role role = Role::Input;
  /// Position among the arguments of the same role (outputs, workspaces).
  int64_t index = 0;
  /// "f32", "f64", "f16", "bf16", "i32", "i64", "i8", "i1".
  std::string elementType;
  std::vector<int64_t> shape;
  int64_t bytes = 0;
  /// How an input's values are drawn (the manifest's optional "init", from
  /// the kernel's foundry.init): a unit draw u, uniform in (0, 1) or (with
  /// `normal`) standard normal, becomes shift + scale * u. Without "init",
  /// hasInit is false and the runner's --distribution applies.
  bool hasInit = false;
  bool normal = false;
  double scale = 1.0, shift = 0.0;
  /// What a TensorMap argument maps.
  ManifestTensorMap tensorMap;

  /// Bytes per element (0 for an unknown element type).
  int64_t elementBytes() const;
  int64_t numElements() const;
};

/// One kernel launch: `args` index the kernel's arguments.
struct ManifestLaunch {
  std::string kernel;
  std::array<unsigned, 3> grid{1, 1, 1};
  std::array<unsigned, 3> block{1, 1, 1};
  unsigned dynamicSharedMemory = 0;
  /// Blocks per thread-block cluster (the kernel declares them in its PTX,
  /// .reqnctapercluster); {1, 1, 1} without clusters. Each divides the
  /// grid's extent; more than 8 blocks in all need the kernel's opt-in to
  /// non-portable cluster sizes (sm_90 takes up to 16).
  std::array<unsigned, 3> cluster{1, 1, 1};
  std::vector<int64_t> args;

  /// Blocks per cluster in all.
  unsigned clusterBlocks() const {
    return cluster[0] * cluster[1] * cluster[2];
  }
};

/// A kernel as the manifest describes it.
struct ManifestKernel {
  std::string name;
  /// "ieee", "tf32", "3xtf32", "bf16", ... (#foundry.precision).
  std::string precision = "ieee";
  double atol = 0, rtol = 0;
  /// Workload (foundry-annotate-workload): FLOPs and minimum DRAM bytes;
  /// 0 when not annotated.
  int64_t flops = 0, bytes = 0;
  std::vector<ManifestArgument> arguments;
  std::vector<ManifestLaunch> launches;
};

/// Parses a manifest (JSON text). On malformed input returns false and sets
/// `error` to what is wrong and where ("kernels[0].launches[2].grid: ...").
bool parseManifest(const std::string &text,
                   std::vector<ManifestKernel> &kernels, std::string &error);

} // namespace foundry::runtime

#endif // FOUNDRY_RUNTIME_MANIFEST_H
