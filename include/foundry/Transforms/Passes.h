//===- Passes.h - Foundry passes --------------------------------*- C++ -*-===//
//
// Declarations of the foundry-* passes and of the reusable pieces behind them.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TRANSFORMS_PASSES_H
#define FOUNDRY_TRANSFORMS_PASSES_H

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/JSON.h"

namespace mlir {
class IRMapping;
class ModuleOp;
class OpOperand;
class RewriterBase;
class TilingInterface;
namespace affine {
class AffineDialect;
} // namespace affine
namespace arith {
class ArithDialect;
} // namespace arith
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization
namespace func {
class FuncDialect;
class FuncOp;
} // namespace func
namespace gpu {
class GPUDialect;
class LaunchOp;
} // namespace gpu
namespace LLVM {
class LLVMDialect;
} // namespace LLVM
namespace linalg {
class GenericOp;
class LinalgDialect;
class LinalgOp;
} // namespace linalg
namespace math {
class MathDialect;
} // namespace math
namespace memref {
class MemRefDialect;
} // namespace memref
namespace nvgpu {
class NVGPUDialect;
} // namespace nvgpu
namespace scf {
class ForallOp;
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor
namespace transform {
class TransformDialect;
} // namespace transform
namespace vector {
class VectorDialect;
} // namespace vector
} // namespace mlir

namespace mlir::foundry {

#define GEN_PASS_DECL
#include "foundry/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "foundry/Transforms/Passes.h.inc"

/// Turns every statically shaped memref.alloc at the top level of `func` into
/// a trailing argument with `foundry.workspace = i` (see
/// foundry-allocs-to-workspace). Emits a diagnostic and fails on an
/// allocation that cannot become an argument.
LogicalResult allocsToWorkspace(func::FuncOp func);

/// `value` seen through tensor.expand_shape / tensor.collapse_shape: the
/// value they reshape, repeatedly (a kernel returning its result with unit
/// dims added, or groups collapsed back into channels, is rooted before the
/// reshape).
Value skipTensorReshapes(Value value);

/// Writes `text` to `path` ('-' for standard output) for the pass named
/// `passName`; on failure emits "<passName>: <why>" at `anchor`.
LogicalResult writePassOutput(Operation *anchor, StringRef passName,
                              StringRef path, StringRef text);

/// Counts the FLOPs and minimum DRAM bytes of `kernel` (the rules are in the
/// description of foundry-annotate-workload). Fails, with a diagnostic at the
/// offending op, when a count is not static or overflows int64.
FailureOr<WorkloadAttr> computeWorkload(KernelOp kernel);

/// The launch manifest of `module` (see foundry-emit-launch-manifest): one
/// JSON object per host function that launches GPU kernels. Emits a
/// diagnostic and fails on a launch the runner could not reproduce.
FailureOr<llvm::json::Array> buildLaunchManifest(ModuleOp module);

/// The PTX text of the gpu.binary ops of `module` (see foundry-extract-ptx).
/// Fails with a diagnostic when there is none or when it calls libdevice
/// functions that were not linked.
FailureOr<std::string> extractPtx(ModuleOp module);

/// Moves every gpu.func of `module` into its first gpu.module, renaming each
/// moved kernel after its former module and updating gpu.launch_func ops
/// (see foundry-merge-gpu-modules). Emits a diagnostic and fails on a
/// symbol collision or on modules with different targets.
LogicalResult mergeGpuModules(ModuleOp module);

/// True for an scf.forall whose loops all map to GPU blocks (made by
/// foundry-tile-blocks).
bool isBlockLevelForall(scf::ForallOp forall);

/// The contractions (linalg ops on tensors of ContractionOpInterface form)
/// of the kernels under `root` that no scf.forall encloses, with at least
/// `minParallelLoops` parallel loops: what foundry-pad and foundry-split-k
/// rewrite.
SmallVector<Operation *> kernelLevelContractions(Operation *root,
                                                 unsigned minParallelLoops);

/// For a 2-D contraction (loops m, n, k; output (m, n) or (n, m)): the
/// index of the input that the output's rows come from (the A of an
/// m16n8k8 mma) when it is stored K-major (KxM, as torch.matmul(A.T, B)
/// reads it), else std::nullopt. mma.sync reads A fragments along K, so
/// foundry-mma refuses such an operand and foundry-transpose-a copies it.
std::optional<unsigned> kMajorRowOperand(linalg::LinalgOp op);

/// For a 2-D contraction as kMajorRowOperand takes: the index of the input
/// that the output's columns come from (the B of a GEMM) when it is stored
/// K-major along them (KxN, as torch.matmul(A, B) reads B), else
/// std::nullopt. wgmma reads a tf32 B only NxK, so foundry-mma on warpgroup
/// tiles refuses such an operand and foundry-transpose-b copies it.
std::optional<unsigned> kMajorColumnOperand(linalg::LinalgOp op);

/// True for a contraction with loops m, n, k (any order) reading A(m, k) and
/// B(n, k) into C(m, n): both operands K-major, the only layout wgmma reads
/// tf32 in (foundry-mma on warpgroup tiles); for f16 and bf16 operands also
/// B(k, n), which wgmma reads MN-major.
bool hasWgmmaOperandLayout(linalg::LinalgOp op);

/// True for a contraction with loops m, n, k (any order) reading A as MxK
/// or KxM and B as NxK or KxN into C(m, n): what foundry-transpose-a and
/// foundry-transpose-b turn into a contraction hasWgmmaOperandLayout
/// accepts.
bool hasWgmmaOperandLayoutAfterCopies(linalg::LinalgOp op);

/// True for the convolution kinds foundry-im2col rewrites: 2-D NCHW/FCHW,
/// NHWC/HWCF or NHWC/FHWC, and 1-D NCW/FCW (lifted to 2-D first). The pass
/// fails on one of them that isIm2ColConvolution refuses.
bool isIm2ColKind(Operation *op);

/// True for a convolution of those kinds that foundry-im2col can rewrite:
/// on tensors of static shape, with unit dilations (the upstream im2col
/// rewrite refuses others).
bool isIm2ColConvolution(Operation *op);

/// A convolution with a filter: an op of linalg's ConvolutionOpInterface
/// whose body multiplies (linalg.conv_*, linalg.depthwise_conv_*), not a
/// pooling op (linalg.pooling_*, the same interface, a window only reduced).
/// foundry-tile-blocks{target=contraction} tiles the first one as a kernel
/// of its own.
bool isFilterConvolution(Operation *op);

/// True where upstream linalg::collapseOpIterationDims may merge the `loops`
/// (consecutive loop indices) of an op with indexing `maps` into one loop:
/// every map is a projected permutation (no `2 * d + k` window access: the
/// upstream collapse assumes it, does not check, and rebuilds such a map
/// wrongly) and every operand stores the loops contiguously and in order
/// (linalg::areDimSequencesPreserved, which asserts the same precondition).
bool areLoopsCollapsible(ArrayRef<AffineMap> maps, ArrayRef<int64_t> loops);

/// The elements foundry-reduce-threads splits over threads in a block tile
/// of `op` whose innermost reduction loop alone is too short for them: that
/// loop merged with the run of statically sized reduction loops just
/// outside it that every operand stores contiguously and in order
/// (upstream linalg::areDimSequencesPreserved), or the innermost loop's
/// extent where none merges (a transposed operand, a parallel or dynamic
/// loop before it). 0 without a static innermost reduction loop.
int64_t mergedReductionRow(linalg::LinalgOp op);

/// A reduction foundry-split-reduction splits: a linalg.generic on tensors
/// with one init, at least one reduction loop and a static result of at most
/// `maxOutputs` elements (1: a reduction to a scalar, every loop reducing).
bool isSplittableReduction(Operation &op, int64_t maxOutputs);

/// On a block-level k-loop whose operand tiles foundry-promote stages in
/// shared memory: the number of tile buffers (2: the copies of the next
/// k-step overlap the compute of this one). The GPU tail pipelines the loop.
inline constexpr llvm::StringLiteral kPipelineStagesAttr =
    "foundry.pipeline_stages";

/// On such a k-loop (foundry-promote{tma=true}): its operand tiles are
/// loaded with TMA (cp.async.bulk.tensor) and mbarriers instead of
/// cp.async, where the GPU tail pipelines the loop for wgmma.
inline constexpr llvm::StringLiteral kTmaLoadsAttr = "foundry.tma_loads";

/// On such a k-loop (foundry-promote{warp-specialize=true}): a producer
/// warpgroup added to the block issues its TMA loads, the matmul's
/// warpgroups consume them.
inline constexpr llvm::StringLiteral kWarpSpecializedAttr =
    "foundry.warp_specialized";

/// On an argument of a host function (memref<16xi64>, 128 bytes): it holds
/// the TMA tensor map (CUtensorMap) over the argument `buffer` of the same
/// function, with box `box` (elements per dimension, innermost first) and
/// a swizzle of `swizzle` bytes, which the runner encodes for the buffer's
/// device address (the launch manifest's role "tensor_map").
inline constexpr llvm::StringLiteral kTensorMapAttr = "foundry.tensor_map";

/// Marks the matmuls of warpgroup tiles that foundry-mma puts on wgmma (unit
/// attribute on the linalg op, kept through bufferization): the GPU tail
/// stages their operands for wgmma and issues it (lowerWarpgroupMatmuls).
inline constexpr llvm::StringLiteral kWgmmaAttr = "foundry.wgmma";

/// Marks the k-loops the wgmma lowering pipelines itself (unit attribute on
/// the scf.for): the GPU tail's generic staging leaves them alone.
inline constexpr llvm::StringLiteral kWgmmaPipelineAttr =
    "foundry.wgmma_pipeline";

/// Marks a gpu.launch whose shared tiles wgmma reads with the 128-byte
/// swizzle (unit attribute): the GPU tail places its shared memory in the
/// dynamic shared memory, each buffer at a 1024-byte aligned address.
inline constexpr llvm::StringLiteral kWgmmaTilesAttr = "foundry.wgmma_tiles";

/// Marks the block tiles of foundry-split-reduction (unit attribute on the
/// scf.forall): complete once foundry-reduce-threads has split their
/// reductions, so foundry-tile-threads and foundry-tile-warps leave them.
/// Tiles of several outputs (`width` above 1) are not marked: their outputs
/// are for foundry-tile-threads to spread.
inline constexpr llvm::StringLiteral kSplitReductionAttr =
    "foundry.split_reduction";

/// Marks the block tiles of foundry-split-reduction{cluster=true} (i64
/// attribute on the scf.forall: the parts of a row, the cluster's size): the
/// GPU tail runs such a block loop and the block loops after it over the
/// same grid in one launch of thread-block clusters of that many blocks
/// along x, a cluster barrier between them (foundry-map-forall-to-gpu).
inline constexpr llvm::StringLiteral kClusterAttr = "foundry.cluster";

/// Marks the final reductions of foundry-split-reduction{cluster=true} (unit
/// attribute on the linalg op, kept by tiling): they combine the few partial
/// results of a cluster inside the blocks that read them, and
/// foundry-reduce-threads splits them over one thread per part, without
/// interleaving or shuffles.
inline constexpr llvm::StringLiteral kClusterMergeAttr =
    "foundry.cluster_merge";

/// Marks the block tiles of foundry-tile-phases (unit attribute on the
/// scf.forall): every op already distributed over the block's threads, so
/// foundry-tile-threads and foundry-tile-warps leave them.
inline constexpr llvm::StringLiteral kPhasesAttr = "foundry.phases";

/// The functions foundry-approx-math approximates in a kernel: an array of
/// StringAttr names ("exp", "log") on the foundry.kernel, which
/// foundry-lower-kernels applies again to the lowered function.
inline constexpr llvm::StringLiteral kApproxMathAttr = "foundry.approx_math";

/// Gives every f32 math op under `root` that computes one of `functions`
/// ("exp": math.exp, "log": math.log; see foundry-approx-math) the `afn`
/// fast-math flag, keeping its other flags.
void approximateMath(Operation *root, ArrayRef<StringRef> functions);

/// The functions foundry-approx-math would approximate somewhere under
/// `root` (f32 ops without `afn` yet), in the order the pass documents them
/// ("exp", then "log").
SmallVector<StringRef> approximableMath(Operation *root);

/// The launch bounds of foundry-launch-bounds (i32 attributes on a
/// foundry.kernel, then on its lowered func.func): blocks per SM that ptxas
/// must leave registers for, and a cap on registers per thread. The GPU tail
/// (foundry-merge-gpu-modules) declares them on the kernel's gpu.func ops as
/// nvvm.minctasm and nvvm.maxnreg.
inline constexpr llvm::StringLiteral kMinBlocksPerSmAttr =
    "foundry.min_blocks_per_sm";
inline constexpr llvm::StringLiteral kMaxRegistersAttr =
    "foundry.max_registers";

/// Which producers foundry::tileToBlocks fuses into a block tile.
enum class ProducerFusion {
  /// Every tileable producer (fills, broadcasts, elementwise ops, the
  /// reductions of a softmax).
  All,
  /// Only producers without reduction loops (fills, broadcasts, elementwise
  /// ops): reductions stay kernels of their own, computed once instead of
  /// in every tile that needs them (a scan's block offsets).
  Elementwise,
  /// Only the producers of the root's init operands: a contraction tiled as
  /// a kernel of its own keeps its operands as they are in memory, which
  /// mma.sync loads need.
  InitsOnly,
};

/// Tiles `root` into an scf.forall mapped to GPU blocks, one tile size per
/// parallel loop (`sizes`, as foundry-tile-blocks takes them), fusing the
/// tileable producers that `fusion` selects, and cleans up the enclosing
/// op. Emits a diagnostic naming `passName` and fails on bad sizes, grids
/// over the sm_90 limits, dynamic extents or upstream tiling failures.
///
/// A fused producer for which `yieldProducer` holds is also yielded by the
/// tile: its uses outside read the tile's result, so that it is computed
/// once, in the tile (foundry-split-reduction{welford=true}: the parts' sums
/// that the parts' squared deviations are taken from).
LogicalResult
tileToBlocks(TilingInterface root, ArrayRef<int64_t> sizes, StringRef passName,
             ProducerFusion fusion = ProducerFusion::All,
             function_ref<bool(Operation *)> yieldProducer = nullptr);

/// Gives `use` its own copy of the chain of elementwise linalg.generic ops
/// (inside `scope`, at most 16 deep) that produces it, so that reshaping the
/// chain for `use` (upstream reshape fusion by expansion) leaves the other
/// users of each op alone: they would otherwise be handed a reshaped,
/// unfused copy.
void privatizeProducers(RewriterBase &rewriter, OpOperand &use,
                        Operation *scope, int depth = 0);

/// sm_90 launch limits (CUDA programming guide, "Compute capabilities"):
/// largest grid extent along x and along y/z, threads per block, resident
/// threads and blocks per SM, warp size.
inline constexpr int64_t kMaxGridX = (int64_t{1} << 31) - 1;
inline constexpr int64_t kMaxGridYZ = 65535;
inline constexpr int64_t kMaxThreadsPerBlock = 1024;
inline constexpr int64_t kMaxThreadsPerSm = 2048;
inline constexpr int64_t kMaxBlocksPerSm = 32;
inline constexpr int64_t kWarpSize = 32;
/// Most blocks in a thread-block cluster on sm_90: 16, of which up to 8 are
/// portable and more need the kernel's opt-in at run time
/// (cudaFuncAttributeNonPortableClusterSizeAllowed; CUDA C++ Programming
/// Guide, "Thread Block Clusters"), which foundry-run gives.
inline constexpr int64_t kMaxClusterBlocks = 16;
/// Threads of a warpgroup: 4 consecutive warps, the first one's index a
/// multiple of 4 (PTX ISA, "Asynchronous Warpgroup Level Matrix
/// Multiply-Accumulate Instructions"), the unit wgmma runs on.
inline constexpr int64_t kWarpgroupSize = 4 * kWarpSize;

/// sm_90 shared memory per block (CUDA programming guide, "Compute
/// capabilities", 9.0): 48 KB may be declared statically; up to 227 KB with
/// dynamic shared memory, once the kernel opts in
/// (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, which foundry-run sets
/// from the launch manifest).
inline constexpr int64_t kMaxStaticSharedBytes = 48 * 1024;
inline constexpr int64_t kMaxSharedBytesPerBlock = 227 * 1024;

/// Rewrites `producer`, an all-parallel linalg.generic with an identity
/// init map that does not read its init (an im2col tensor, an elementwise
/// op) and reads linalg.index only at the top level of its body, as a
/// generic with no inputs of type `type` (the producer's shape, or larger
/// along some dimensions): each element inside the producer's extent is
/// computed as before, its inputs read with tensor.extract at their
/// indexing maps applied to the indices (clamped into range); elements
/// outside take `padValue`. Tiling then never sees the inputs' maps: the
/// slices upstream tiling takes of a map with floordiv or mod (an im2col's)
/// are wrong. Inserts at the rewriter's insertion point and leaves
/// `producer` in place; fails, creating nothing, for other ops.
FailureOr<linalg::GenericOp>
rewriteAsGather(RewriterBase &rewriter, linalg::GenericOp producer,
                RankedTensorType type,
                function_ref<Value(OpBuilder &, Location)> padValue);

/// True if foundry-invert-divisors rewrites some division of the kernels
/// under `root`: an `arith.divf` in a linalg.generic on tensors outside any
/// scf.forall whose divisor is the same along one of the op's loops (see
/// the pass's description).
bool hasInvertibleDivisors(Operation *root);

/// The tensor.pad ops in kernels under `root` that foundry-fold-pad folds:
/// static non-negative low and high padding, a constant padding value, a
/// static source, and read only as inputs of linalg ops on tensors outside
/// any scf.forall.
SmallVector<Operation *> foldablePads(Operation *root);

/// True for an op that fills a workgroup-memory tensor made by
/// foundry-promote: a linalg.copy of an operand tile, or an all-parallel
/// linalg op that computes the tile in place (an im2col gather fused into a
/// GEMM's k-loop).
bool isSharedMemoryCopy(Operation *op);

/// The producer of `input` (an operand of a linalg op) when it is computed
/// for that op alone in the same block: a linalg op on tensors without
/// reduction loops (an im2col gather fused into a GEMM's tile), not a
/// shared-memory copy, used by nothing else but tensor.dim ops. Null
/// otherwise. foundry-tile-reduction fuses such a producer into the
/// k-loop, and foundry-promote computes it straight into the shared tile.
linalg::LinalgOp soleParallelProducer(OpOperand &input);

/// True if `memorySpace` (of a memref, or of a bufferization.alloc_tensor)
/// is `#gpu.address_space<workgroup>`.
bool isWorkgroupMemorySpace(Attribute memorySpace);

/// True if `value` is a tensor.empty or a slice of one (through
/// extract_slice ops): a tile whose contents nothing reads.
bool isEmptyTensorSlice(Value value);

/// A `bufferization.alloc_tensor` of `type` in workgroup (shared) memory, at
/// the rewriter's insertion point.
Value createSharedMemoryTensor(OpBuilder &builder, Location loc,
                               RankedTensorType type);

/// foundry-reduce-threads{online=true}: in the block tile `block`, fuses
/// each partial reduction of a row maximum (`acc = maximumf(x, acc)`, split
/// over threads) with the partial reduction of `exp(x - max) + acc` that
/// reads its merge, when both take the same chunks of the same tensor: one
/// pass in which each thread keeps a running maximum and a sum rescaled as
/// the maximum grows (online softmax, Milakov and Gimelshein 2018), then a
/// merge of the maxima and of the sums, each scaled by exp(m - M). Returns
/// the number of pairs fused; pairs that do not match are left as they are.
int64_t fuseOnlineSoftmax(scf::ForallOp block);

/// foundry-reduce-threads{welford=true}: in the block tile `block`, moves
/// each partial reduction of squared deviations (`acc = (v - m)^2 + acc`,
/// m a row constant such as the mean of an earlier reduction, v an
/// elementwise function of the inputs) into the pass of the nearest earlier
/// partial reduction over the same chunks: each thread keeps Welford's
/// count, running mean and M2 of v (Welford 1962), the merge combines them
/// pairwise (Chan, Golub and LeVeque 1983) and adds n (mean - m)^2, which
/// makes the result sum (v - m)^2 for any m. The row is read once for both
/// statistics. Returns the number of reductions fused.
int64_t fuseWelfordVariance(scf::ForallOp block);

/// True if `op` reduces `acc = (v - m)^2 + acc` with m computed only from
/// inputs indexed like its output (a row constant: a mean) and v only from
/// the other inputs: the reduction fuseWelfordVariance moves into an earlier
/// pass.
bool isSquaredDeviationSum(linalg::GenericOp op);

/// The two values that make `dev` the variance of what `sum` adds: `term`,
/// the v of `sum`'s `acc = v + acc` (in its body), and `shift`, the m of
/// `dev`'s `acc = (v - m)^2 + acc` (in its body; a row constant).
struct VarianceOfSum {
  Value term, shift;
};

/// Matches `sum` (`acc = v + acc`) and `dev` (a sum of squared deviations,
/// see isSquaredDeviationSum) over the same loops (ranges, iterators) into
/// results of the same type and map, where dev's v is computed like sum's
/// from the same inputs read through the same maps. std::nullopt otherwise.
std::optional<VarianceOfSum> matchVarianceOfSum(linalg::GenericOp sum,
                                                linalg::GenericOp dev);

/// True for an scf.forall whose loops all map to linear thread ids
/// (`#gpu.thread<linear_dim_i>`: shared-memory copies, partial reductions).
bool isLinearForall(scf::ForallOp forall);

/// True if some scf.forall around `op` satisfies `level` (one of the
/// is*LevelForall predicates).
bool isInsideForall(Operation *op, function_ref<bool(scf::ForallOp)> level);

/// True for the 16-bit floats the tensor cores take in mma.sync m16n8k16:
/// f16 and bf16.
inline bool isHalfFloat(Type type) { return type.isF16() || type.isBF16(); }

/// True if `op` has two inputs, both f16 or both bf16: the contractions
/// foundry-mma puts on mma.sync m16n8k16 (into an f32 accumulator).
bool hasHalfFloatOperands(linalg::LinalgOp op);

/// True for an scf.forall whose loops all map to GPU warps (made by
/// foundry-tile-warps).
bool isWarpLevelForall(scf::ForallOp forall);

/// True for an scf.forall whose loops all map to GPU warpgroups (made by
/// foundry-tile-warpgroups).
bool isWarpgroupLevelForall(scf::ForallOp forall);

/// True for an scf.forall whose loops all map to GPU threads (made by
/// foundry-tile-threads).
bool isThreadLevelForall(scf::ForallOp forall);

/// Clones into `b` the ops of `body` that `value` depends on (transitively,
/// in block order), with `mapping` applied to what they read; returns the
/// clone of `value` (`value` itself, mapped, if `body` does not define it).
Value cloneSlice(OpBuilder &b, Block *body, Value value, IRMapping &mapping);

/// True if the index `value` is provably a multiple of `n`: a constant, or
/// affine.apply / arith.addi / arith.muli over such values and constants.
bool isProvablyMultipleOf(Value value, int64_t n);

/// foundry-mma's warpgroup matmuls (`kWgmmaAttr`) inside `launch`, on
/// buffers, become wgmma (sm_90a): their shared-memory operand tiles are
/// re-laid out for wgmma descriptors (K-major, the 128-byte swizzle) and
/// copied by the whole block, 3xtf32 adds a residual (lo) twin of each tile
/// computed once per k-step by the whole block, and each warpgroup's k-step
/// runs as m64nNk8 wgmma into a fresh accumulator added to a per-thread
/// accumulator fragment kept in registers; k-loops staged with 3 or more
/// stages are pipelined here (lib/Transforms/Wgmma.cpp has the details).
/// `precision` picks one product (tf32) or
/// three (3xtf32). Fails with a diagnostic at the matmul when `chip` is not
/// sm_90a (wgmma is specific to it) or its operands are not staged as
/// foundry-promote stages them.
LogicalResult lowerWarpgroupMatmuls(RewriterBase &rewriter,
                                    gpu::LaunchOp launch, Precision precision,
                                    StringRef chip);

/// A constant upper bound of an index value (a tile size): constants,
/// affine.min/max over bounded operands, then upstream value-bounds
/// analysis. std::nullopt when none is found.
std::optional<int64_t> getConstantUpperBound(OpFoldResult value);

/// Adds the upstream patterns that take n-D vector ops to 1-D ones:
/// contractions as outer-product FMAs, multi-reductions, broadcasts,
/// transposes, shape casts, and transfers of rank above 1.
void populateVectorToOneDimPatterns(RewritePatternSet &patterns);

/// Extends (arith.extf) the operands of every vector.contract under `scope`
/// whose element type is a narrower float than the accumulator's (bf16 or
/// f16 products accumulated in f32) to the accumulator's type: the same,
/// exact products, in the one element type the contraction lowering to
/// outer products takes.
void widenContractionOperands(Operation *scope);

/// Rewrites every f32 of `kernel` (signature, body values, constants) as
/// f64 in place (see foundry-widen-to-f64). With `keepInterface`, the
/// signature stays f32: f32 tensor arguments are extended to f64 on entry and
/// f64 results truncated to f32 before the yield (elementwise
/// linalg.generic ops). Fails with a diagnostic on a kernel that cannot be
/// widened.
LogicalResult widenKernelToF64(KernelOp kernel, bool keepInterface = false);

/// Outlines `func` into a foundry.kernel of the same name in place. Emits a
/// diagnostic at the offending location and fails when `func` cannot be a
/// kernel (declaration, called elsewhere, bad boundary type, foreign op).
FailureOr<KernelOp> outlineKernel(func::FuncOp func);

/// Checks that the linalg ops in `body` are structured ops (named or
/// generic) or aggregates of them, and replaces each aggregate
/// (linalg.softmax, as IREE and StableHLO-to-linalg emit it) by the
/// structured ops it stands for (upstream's
/// AggregatedOpInterface::decomposeOperation). Emits a diagnostic at the
/// first op no schedule handles (linalg.pack, the Winograd transforms) or
/// that does not decompose, and fails. foundry-outline-kernels and
/// foundry-lower-kernels both call it.
LogicalResult decomposeAggregateOps(Region &body);

/// foundry-decompose-arg-reductions on the kernels under `root`: each
/// argmax or argmin generic of two results (outside block tiles) becomes
/// two single-result reductions and an elementwise op. Returns how many
/// were decomposed.
int64_t decomposeArgReductions(Operation *root);

/// foundry-gather-one-hot-reductions on `root`: every one-hot sum (outside
/// block tiles) becomes a parallel generic reading its picked element.
/// Returns how many were rewritten.
int64_t gatherOneHotReductions(Operation *root);

/// foundry-gather-concats on `root`: every tensor.concat of static shape in
/// a kernel (outside block tiles) becomes a parallel generic computing each
/// element from its piece. Returns how many were rewritten.
int64_t gatherConcats(Operation *root);

} // namespace mlir::foundry

#endif // FOUNDRY_TRANSFORMS_PASSES_H
