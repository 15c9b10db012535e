//===- ReuseReadOnlyLoads.cpp - Loads of read-only kernel buffers once ----===//
//
// foundry-reuse-read-only-loads: in a gpu.func, a load from a noalias buffer
// argument that nothing in the function writes takes the value of an
// identical load that dominates it, whatever barriers lie between them.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYREUSEREADONLYLOADSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// `arg` and every view of it (ViewLikeOpInterface results, transitively),
/// if no op of the function writes through any of them: every other user
/// declares its memory effects, and none of them writes, allocates or frees
/// one of these values. Empty otherwise.
static llvm::SetVector<Value> readOnlyViews(BlockArgument arg) {
  llvm::SetVector<Value> views;
  views.insert(arg);
  for (size_t i = 0; i < views.size(); ++i) {
    for (Operation *user : views[i].getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == views[i]) {
        for (Value result : user->getResults())
          views.insert(result);
        continue;
      }
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects)
        return {};
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &instance : instances) {
        if (isa<MemoryEffects::Read>(instance.getEffect()))
          continue;
        // A write, allocation or free: of this buffer, or of a value not
        // named (which may be any).
        if (!instance.getValue() || views.contains(instance.getValue()))
          return {};
      }
    }
  }
  return views;
}

namespace {
/// An index as a linear combination of index values (each the result of an
/// op this evaluator cannot see through, or a block argument) plus a
/// constant: enough to see that two chains of views and index arithmetic
/// name the same element.
struct LinearForm {
  llvm::SmallDenseMap<Value, int64_t> terms;
  int64_t constant = 0;

  void add(const LinearForm &other, int64_t scale) {
    for (auto [value, coefficient] : other.terms)
      terms[value] += scale * coefficient;
    constant += scale * other.constant;
  }
  /// The terms with non-zero coefficients, in a canonical order (by the
  /// value's address: stable within one function's run).
  SmallVector<std::pair<Value, int64_t>> sorted() const {
    SmallVector<std::pair<Value, int64_t>> list;
    for (auto [value, coefficient] : terms)
      if (coefficient != 0)
        list.emplace_back(value, coefficient);
    llvm::sort(list, [](auto a, auto b) {
      return a.first.getAsOpaquePointer() < b.first.getAsOpaquePointer();
    });
    return list;
  }
};
} // namespace

static LinearForm linearForm(Value value);

/// `expr` over `operands` (dims first, then symbols) as a linear form, or
/// std::nullopt where it is not linear (mod, floordiv, ceildiv, products of
/// two non-constants).
static std::optional<LinearForm>
linearForm(AffineExpr expr, ValueRange operands, unsigned numDims) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    LinearForm form;
    form.constant = constant.getValue();
    return form;
  }
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return linearForm(operands[dim.getPosition()]);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return linearForm(operands[numDims + symbol.getPosition()]);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<LinearForm> lhs =
      linearForm(binary.getLHS(), operands, numDims);
  std::optional<LinearForm> rhs =
      linearForm(binary.getRHS(), operands, numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  if (expr.getKind() == AffineExprKind::Add) {
    lhs->add(*rhs, 1);
    return lhs;
  }
  if (expr.getKind() == AffineExprKind::Mul) {
    if (rhs->terms.empty()) {
      LinearForm product;
      product.add(*lhs, rhs->constant);
      return product;
    }
    if (lhs->terms.empty()) {
      LinearForm product;
      product.add(*rhs, lhs->constant);
      return product;
    }
  }
  return std::nullopt;
}

/// `value` (an index or integer) as a linear form: through constants,
/// arith.addi, subi and muli by a constant, and single-result affine.apply
/// of a linear map; any other value is a term of its own.
static LinearForm linearForm(Value value) {
  LinearForm form;
  if (std::optional<int64_t> constant = getConstantIntValue(value)) {
    form.constant = *constant;
    return form;
  }
  Operation *def = value.getDefiningOp();
  if (auto add = dyn_cast_or_null<arith::AddIOp>(def)) {
    form = linearForm(add.getLhs());
    form.add(linearForm(add.getRhs()), 1);
    return form;
  }
  if (auto sub = dyn_cast_or_null<arith::SubIOp>(def)) {
    form = linearForm(sub.getLhs());
    form.add(linearForm(sub.getRhs()), -1);
    return form;
  }
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(def)) {
    LinearForm lhs = linearForm(mul.getLhs()), rhs = linearForm(mul.getRhs());
    if (rhs.terms.empty()) {
      form.add(lhs, rhs.constant);
      return form;
    }
    if (lhs.terms.empty()) {
      form.add(rhs, lhs.constant);
      return form;
    }
  }
  if (auto apply = dyn_cast_or_null<affine::AffineApplyOp>(def)) {
    AffineMap map = apply.getAffineMap();
    if (std::optional<LinearForm> linear = linearForm(
            map.getResult(0), apply.getMapOperands(), map.getNumDims()))
      return *linear;
  }
  form.terms[value] = 1;
  return form;
}

/// The element offset of `memref`'s first element from the start of the
/// buffer it views, and that buffer (the end of its chain of subviews,
/// expand_shapes, collapse_shapes and casts), or std::nullopt where a view
/// in the chain has dynamic strides or is of another kind.
static std::optional<std::pair<Value, LinearForm>> viewOffset(Value memref) {
  Operation *def = memref.getDefiningOp();
  if (!def) {
    auto type = dyn_cast<MemRefType>(memref.getType());
    int64_t offset;
    SmallVector<int64_t> strides;
    if (!type || failed(type.getStridesAndOffset(strides, offset)) ||
        ShapedType::isDynamic(offset))
      return std::nullopt;
    LinearForm form;
    form.constant = offset;
    return std::make_pair(memref, form);
  }
  if (auto subview = dyn_cast<memref::SubViewOp>(def)) {
    std::optional<std::pair<Value, LinearForm>> source =
        viewOffset(subview.getSource());
    int64_t offset;
    SmallVector<int64_t> strides;
    if (!source ||
        failed(subview.getSourceType().getStridesAndOffset(strides, offset)))
      return std::nullopt;
    for (auto [start, stride] :
         llvm::zip_equal(subview.getMixedOffsets(), strides)) {
      if (ShapedType::isDynamic(stride))
        return std::nullopt;
      if (auto attr = dyn_cast<Attribute>(start))
        source->second.constant += cast<IntegerAttr>(attr).getInt() * stride;
      else
        source->second.add(linearForm(cast<Value>(start)), stride);
    }
    return source;
  }
  if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp>(def))
    return viewOffset(def->getOperand(0));
  return std::nullopt;
}

/// What a load reads, as comparable data: the buffer, the linear offset of
/// its first element, the load's kind, result type, innermost stride and
/// attributes. Two loads with equal keys read the same elements.
using LoadKey =
    std::tuple<Value, SmallVector<std::pair<Value, int64_t>>, int64_t,
               OperationName, Type, int64_t, DictionaryAttr>;

/// The key of `load` (a vector.load or memref.load), or std::nullopt where
/// its address cannot be put in linear form.
static std::optional<LoadKey> loadKey(Operation *load) {
  Value memref = load->getOperand(0);
  auto type = cast<MemRefType>(memref.getType());
  int64_t offset;
  SmallVector<int64_t> strides;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  std::optional<std::pair<Value, LinearForm>> view = viewOffset(memref);
  if (!view)
    return std::nullopt;
  for (auto [index, stride] :
       llvm::zip_equal(load->getOperands().drop_front(), strides)) {
    if (ShapedType::isDynamic(stride))
      return std::nullopt;
    view->second.add(linearForm(index), stride);
  }
  int64_t innermost = strides.empty() ? 1 : strides.back();
  return LoadKey(view->first, view->second.sorted(), view->second.constant,
                 load->getName(), load->getResult(0).getType(), innermost,
                 load->getAttrDictionary());
}

/// A hash of `key` that equal keys share.
static size_t hashLoadKey(const LoadKey &key) {
  const auto &[buffer, terms, constant, name, type, innermost, attributes] =
      key;
  return llvm::hash_combine(
      buffer, llvm::hash_combine_range(terms.begin(), terms.end()), constant,
      name, type, innermost, attributes);
}

namespace mlir::foundry {
namespace {
struct FoundryReuseReadOnlyLoadsPass final
    : impl::FoundryReuseReadOnlyLoadsPassBase<FoundryReuseReadOnlyLoadsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (func.isExternal())
        return;
      // Identical index values (thread and block ids) become one first.
      IRRewriter rewriter(func.getContext());
      DominanceInfo dominance(func);
      eliminateCommonSubExpressions(rewriter, dominance, func);
      // The kernel's parameters, not its workgroup and private attributions
      // (block arguments too).
      unsigned parameters = func.getFunctionType().getNumInputs();
      for (BlockArgument arg : func.getArguments().take_front(parameters)) {
        if (!isa<MemRefType>(arg.getType()) ||
            !func.getArgAttr(arg.getArgNumber(),
                             LLVM::LLVMDialect::getNoAliasAttrName()))
          continue;
        llvm::SetVector<Value> views = readOnlyViews(arg);
        // The loads of the buffer through any of its views, grouped by
        // what they read; in each group, every load that another dominates
        // takes the value of the outermost one (which no other in the group
        // dominates; dominance is transitive, so it dominates the load).
        SmallVector<std::pair<LoadKey, SmallVector<Operation *>>> groups;
        llvm::DenseMap<size_t, SmallVector<size_t>> buckets;
        for (Value view : views)
          for (Operation *user : view.getUsers()) {
            if (!isa<vector::LoadOp, memref::LoadOp>(user) ||
                user->getOperand(0) != view)
              continue;
            std::optional<LoadKey> key = loadKey(user);
            if (!key)
              continue;
            // Keys are looked up through their hash; equal hashes are
            // compared in full.
            SmallVector<size_t> &bucket = buckets[hashLoadKey(*key)];
            auto *found = llvm::find_if(
                bucket, [&](size_t i) { return groups[i].first == *key; });
            if (found != bucket.end()) {
              groups[*found].second.push_back(user);
              continue;
            }
            bucket.push_back(groups.size());
            groups.emplace_back(*key, SmallVector<Operation *>{user});
          }
        // The loads of one group read the same address: few (a load and its
        // repeats after barriers), so their dominators are looked up
        // pairwise.
        for (auto &[key, loads] : groups) {
          auto dominator = [&](Operation *load) -> Operation * {
            for (Operation *other : loads)
              if (other != load && dominance.properlyDominates(other, load))
                return other;
            return nullptr;
          };
          SmallVector<std::pair<Operation *, Operation *>> replacements;
          for (Operation *load : loads) {
            Operation *root = dominator(load);
            if (!root)
              continue;
            while (Operation *outer = dominator(root))
              root = outer;
            replacements.emplace_back(load, root);
          }
          for (auto [load, root] : replacements) {
            load->replaceAllUsesWith(root);
            load->erase();
          }
        }
      }
    });
  }
};
} // namespace
} // namespace mlir::foundry
