//===- Fingerprint.cpp - Kernel fingerprints for the experience library ---===//
//
// This file implements fingerprintKernel and the fingerprint digests.
//
//===----------------------------------------------------------------------===//

#include "foundry/Fingerprint/Fingerprint.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <set>

using namespace mlir;
using namespace mlir::foundry;

static std::string digest(llvm::StringRef text) {
  return llvm::utohexstr(llvm::xxh3_64bits(text), /*LowerCase=*/true, 16);
}

std::string KernelFingerprint::exactKey() const {
  return digest(opGraph + "\n" + shapeBucket + "\n" + target);
}
std::string KernelFingerprint::graphKey() const {
  return digest(opGraph + "\n" + target);
}
std::string KernelFingerprint::familyKey() const {
  return digest(family + "\n" + target);
}
std::string KernelFingerprint::kernelKey() const {
  return digest(identity + "\n" + target);
}

/// "r2xf32" for a ranked type, the type itself otherwise.
static void printAbstractType(llvm::raw_ostream &os, Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type); shaped && shaped.hasRank()) {
    os << "r" << shaped.getRank() << "x" << shaped.getElementType();
    return;
  }
  os << type;
}

/// "1024x1024xf32" with every static dimension rounded up to a power of 2.
static void printBucketedType(llvm::raw_ostream &os, Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank()) {
    os << type;
    return;
  }
  for (int64_t size : shaped.getShape())
    os << (ShapedType::isDynamic(size)
               ? std::string("?")
               : std::to_string(llvm::PowerOf2Ceil(std::max<int64_t>(size, 1))))
       << "x";
  os << shaped.getElementType();
}

/// The family of one op, or "" for ops that do not count (constants,
/// tensor.empty, terminators).
static llvm::StringRef familyOf(Operation *op) {
  if (isa<linalg::ConvolutionOpInterface>(op))
    return isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp,
               linalg::PoolingNhwcMaxOp, linalg::PoolingNhwcSumOp,
               linalg::PoolingNhwcMinOp, linalg::PoolingNcwMaxOp,
               linalg::PoolingNcwSumOp, linalg::PoolingNwcMaxOp,
               linalg::PoolingNwcSumOp>(op)
               ? "pooling"
               : "convolution";
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (linalg::isaContractionOpInterface(linalgOp))
      return "contraction";
    if (isa<linalg::FillOp>(op))
      return "";
    return linalgOp.getNumReductionLoops() ? "reduction" : "elementwise";
  }
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::PadOp,
          tensor::ExtractSliceOp, tensor::InsertSliceOp>(op))
    return "reshape";
  return "";
}

KernelFingerprint mlir::foundry::fingerprintKernel(KernelOp kernel,
                                                   llvm::StringRef target) {
  KernelFingerprint fingerprint;
  fingerprint.target = target.str();
  Block &body = kernel.getBody().front();

  // Every value gets a position-based name: a<i> for kernel arguments,
  // o<j>.<k> for result k of the j-th op.
  llvm::DenseMap<Value, std::string> names;
  for (BlockArgument argument : body.getArguments())
    names[argument] = "a" + std::to_string(argument.getArgNumber());
  llvm::raw_string_ostream graph(fingerprint.opGraph);
  std::set<std::string> families;
  unsigned index = 0;
  for (Operation &op : body) {
    for (OpResult result : op.getResults())
      names[result] = "o" + std::to_string(index) + "." +
                      std::to_string(result.getResultNumber());
    graph << op.getName().getStringRef() << "(";
    llvm::interleaveComma(op.getOperands(), graph, [&](Value operand) {
      auto it = names.find(operand);
      graph << (it == names.end() ? std::string("?") : it->second);
    });
    graph << ") -> (";
    llvm::interleaveComma(op.getResultTypes(), graph,
                          [&](Type type) { printAbstractType(graph, type); });
    graph << ")";
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(&op)) {
      graph << " [";
      llvm::interleaveComma(linalgOp.getIteratorTypesArray(), graph,
                            [&](utils::IteratorType type) {
                              graph << utils::stringifyIteratorType(type);
                            });
      graph << "] {";
      llvm::interleaveComma(linalgOp.getIndexingMapsArray(), graph,
                            [&](AffineMap map) { graph << map; });
      graph << "} {";
      llvm::interleaveComma(
          linalgOp.getBlock()->without_terminator(), graph,
          [&](Operation &inner) { graph << inner.getName().getStringRef(); });
      graph << "}";
    }
    graph << "\n";
    if (llvm::StringRef family = familyOf(&op); !family.empty())
      families.insert(family.str());
    ++index;
  }

  llvm::raw_string_ostream shapes(fingerprint.shapeBucket);
  // An input's distribution (foundry.init) decides which schedules pass the
  // check, so it is part of the exact fingerprint: verdicts found with other
  // inputs are not reused.
  llvm::interleaveComma(
      llvm::enumerate(kernel.getArgumentTypes()), shapes, [&](auto arg) {
        printBucketedType(shapes, arg.value());
        if (auto init = kernel.getArgAttrOfType<StringAttr>(
                arg.index(), InputInit::kAttrName))
          shapes << " ~" << init.getValue().trim();
      });
  shapes << " -> ";
  llvm::interleaveComma(kernel.getResultTypes(), shapes,
                        [&](Type type) { printBucketedType(shapes, type); });
  fingerprint.family = llvm::join(families, "+");

  // The kernel itself, named alike and without the schedule that best.mlir
  // attaches to it: a detached copy renamed.
  auto copy = cast<KernelOp>(kernel->clone());
  copy->setAttr(SymbolTable::getSymbolAttrName(),
                StringAttr::get(kernel.getContext(), "kernel"));
  copy.removeScheduleAttr();
  llvm::raw_string_ostream identity(fingerprint.identity);
  copy->print(identity, OpPrintingFlags().printGenericOpForm());
  copy->erase();
  return fingerprint;
}
