//===- Splice.cpp - Splitting, splicing and comparing schedules
//-------------===//
//
// This file implements the operations on schedule text that crossover and
// the library use: top-level passes, the split at a GEMM's epilogue,
// crossover splicing, fitsKernel and scheduleChange.
//
//===----------------------------------------------------------------------===//

#include "Schedule/Builders.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::foundry;

llvm::SmallVector<llvm::StringRef>
mlir::foundry::topLevelPasses(llvm::StringRef schedule) {
  llvm::SmallVector<llvm::StringRef> passes;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= schedule.size(); ++i) {
    char c = i < schedule.size() ? schedule[i] : ',';
    if (c == '{')
      ++depth;
    else if (c == '}')
      --depth;
    else if (c == ',' && depth == 0) {
      if (llvm::StringRef pass = schedule.slice(start, i).trim(); !pass.empty())
        passes.push_back(pass);
      start = i + 1;
    }
  }
  return passes;
}

/// The top-level pass names of a schedule ("a{x=1},b" -> a, b).
static std::vector<std::string> passNames(llvm::StringRef schedule) {
  std::vector<std::string> names;
  for (llvm::StringRef pass : topLevelPasses(schedule))
    names.push_back(pass.take_until([](char ch) { return ch == '{'; }).str());
  return names;
}

std::pair<llvm::StringRef, llvm::StringRef>
mlir::foundry::splitAtEpilogue(llvm::StringRef schedule) {
  bool contraction = false;
  for (llvm::StringRef pass : topLevelPasses(schedule)) {
    if (!pass.starts_with("foundry-tile-blocks"))
      continue;
    if (pass.contains("target=contraction")) {
      contraction = true;
      continue;
    }
    if (!contraction)
      break;
    size_t at = pass.data() - schedule.data();
    return {schedule.take_front(at).rtrim().drop_back(),
            schedule.drop_front(at)};
  }
  return {llvm::StringRef(), llvm::StringRef()};
}

std::string mlir::foundry::spliceAtEpilogue(llvm::StringRef a,
                                            llvm::StringRef b, bool headFromA) {
  auto [aHead, aTail] = splitAtEpilogue(a);
  auto [bHead, bTail] = splitAtEpilogue(b);
  if (aHead.empty() || bHead.empty())
    return "";
  return headFromA ? (aHead + "," + bTail).str() : (bHead + "," + aTail).str();
}

bool mlir::foundry::fitsKernel(llvm::StringRef schedule,
                               const KernelShape &shape) {
  for (llvm::StringRef pass : topLevelPasses(schedule)) {
    if (pass.starts_with("foundry-im2col") ||
        pass.starts_with("foundry-split-k") ||
        pass.starts_with("foundry-split-reduction"))
      return true;
    if (!pass.starts_with("foundry-tile-blocks") ||
        pass.contains("target=contraction"))
      continue;
    size_t at = pass.find("sizes=");
    if (at == llvm::StringRef::npos)
      return true;
    // "sizes={1,0,64}" as normalized, or "sizes=1,0,64" as written.
    llvm::StringRef sizes = pass.drop_front(at + 6);
    bool braced = sizes.consume_front("{");
    sizes = sizes.take_until(
        [&](char c) { return c == '}' || (!braced && c == ' '); });
    int64_t count = sizes.trim().empty() ? 0 : sizes.count(',') + 1;
    return count == shape.numParallel();
  }
  return true;
}

std::string mlir::foundry::scheduleChange(llvm::StringRef parentGenome,
                                          llvm::StringRef childGenome) {
  GenomeParts parent = splitGenome(parentGenome),
              child = splitGenome(childGenome);
  std::multiset<std::string> from, to;
  for (std::string &name : passNames(parent.schedule))
    from.insert(std::move(name));
  for (std::string &name : passNames(child.schedule))
    to.insert(std::move(name));
  std::vector<std::string> parts;
  if (parent.patch != child.patch)
    parts.push_back(child.patch.empty()    ? "-patch"
                    : parent.patch.empty() ? "+patch"
                                           : "patch");
  for (const std::string &name : to)
    if (to.count(name) > from.count(name) &&
        !llvm::is_contained(parts, "+" + name))
      parts.push_back("+" + name);
  for (const std::string &name : from)
    if (from.count(name) > to.count(name) &&
        !llvm::is_contained(parts, "-" + name))
      parts.push_back("-" + name);
  return parts.empty() ? "options" : llvm::join(parts, " ");
}

/// Whether a genome's first block tiling is its first pass, so that its
/// head (through the first closing brace) and tail can be spliced: not
/// after foundry-im2col or foundry-transpose-a or -b, which have no options
/// (the head would be "foundry-im2col,foundry-pad{...", its tail the GEMM of
/// the im2col tensor, which no other genome's head computes; a
/// foundry-mma tail without the copy of a K-major A fails).
static bool splices(llvm::StringRef genome) {
  return !genome.contains("foundry-im2col") &&
         !genome.contains("foundry-transpose-a") &&
         !genome.contains("foundry-transpose-b");
}

/// `genome` split after its leading kernel-level rewrites (those that tile
/// nothing: foundry-fold-pad, foundry-invert-divisors, foundry-approx-math
/// with its options, and those KernelShape::rewriteFirst names; each with
/// the "," after it), and the rest.
static std::pair<llvm::StringRef, llvm::StringRef>
splitKernelRewrites(llvm::StringRef genome) {
  static constexpr llvm::StringLiteral kRewrites[] = {
      "foundry-fold-pad",
      "foundry-invert-divisors",
      "foundry-approx-math",
      "foundry-decompose-arg-reductions",
      "foundry-gather-one-hot-reductions",
      "foundry-gather-concats"};
  size_t end = 0;
  for (llvm::StringRef pass : topLevelPasses(genome)) {
    llvm::StringRef name = pass.take_until([](char c) { return c == '{'; });
    size_t after = pass.end() - genome.begin();
    if (!llvm::is_contained(kRewrites, name) || after >= genome.size() ||
        genome[after] != ',')
      break;
    end = after + 1;
  }
  return {genome.take_front(end), genome.drop_front(end)};
}

/// `genome` split after its leading reductions tiled as kernels of their
/// own (reductionPhasesSchedule: pairs of foundry-tile-blocks{...
/// target=reduction...} and a foundry-tile-threads or
/// foundry-reduce-threads, each ending with "},"), and the rest.
static std::pair<llvm::StringRef, llvm::StringRef>
splitReductionPhases(llvm::StringRef genome) {
  size_t at = 0;
  while (true) {
    llvm::StringRef rest = genome.drop_front(at);
    auto [tiling, afterTiling] = rest.split("},");
    auto [threads, afterThreads] = afterTiling.split("},");
    if (!tiling.starts_with("foundry-tile-blocks{") ||
        !tiling.contains("target=reduction") || afterThreads.empty() ||
        !(threads.starts_with("foundry-tile-threads{") ||
          threads.starts_with("foundry-reduce-threads{")))
      break;
    at = genome.size() - afterThreads.size();
  }
  return {genome.take_front(at), genome.drop_front(at)};
}

/// `head` (a genome's first pass, through its closing brace) followed by
/// `tail` (the rest), or "" when the pair cannot compile: a block tiling of
/// the contraction alone (target=contraction, its own kernel) needs a second
/// foundry-tile-blocks for the epilogue, and any other block tiling forbids
/// one ("already tiled to blocks", after foundry-mma has worked on a warp tile
/// of the whole row).
static std::string splice(llvm::StringRef head, llvm::StringRef tail) {
  if (head.starts_with("foundry-tile-blocks{") &&
      head.contains("target=contraction") !=
          tail.contains("foundry-tile-blocks{"))
    return "";
  // A padded contraction is read back through a slice, which only a
  // contraction tiled as a kernel of its own leaves room for.
  llvm::StringRef tailFirst = tail.split("},").first;
  if (head.starts_with("foundry-pad{") &&
      !(tailFirst.starts_with("foundry-tile-blocks{") &&
        tailFirst.contains("target=contraction")))
    return "";
  return (head + "}," + tail).str();
}

std::string mlir::foundry::spliceSchedules(llvm::StringRef a, llvm::StringRef b,
                                           bool headFromA) {
  // The kernel-level rewrites in front (options-less passes) go with the
  // head.
  auto [aRewrites, aRewritten] = splitKernelRewrites(a);
  auto [bRewrites, bRewritten] = splitKernelRewrites(b);
  auto [aPhases, aRest] = splitReductionPhases(aRewritten);
  auto [bPhases, bRest] = splitReductionPhases(bRewritten);
  auto [aHead, aTail] = aRest.split("},");
  auto [bHead, bTail] = bRest.split("},");
  if (aTail.empty() || bTail.empty() || !splices(aRest) || !splices(bRest))
    return "";
  std::string spliced = headFromA ? splice(aHead, bTail) : splice(bHead, aTail);
  if (spliced.empty())
    return "";
  return (headFromA ? aRewrites : bRewrites).str() +
         (aPhases.empty() ? bPhases : aPhases).str() + spliced;
}
