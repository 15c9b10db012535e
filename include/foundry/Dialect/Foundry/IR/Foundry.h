//===- Foundry.h - Foundry dialect, attributes and ops ----------*- C++ -*-===//
//
// The one header to include for the foundry dialect.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRY_H
#define FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRY_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "foundry/Dialect/Foundry/IR/FoundryEnums.h.inc"
#include "foundry/Dialect/Foundry/IR/FoundryOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "foundry/Dialect/Foundry/IR/FoundryAttrs.h.inc"

#define GET_OP_CLASSES
#include "foundry/Dialect/Foundry/IR/FoundryOps.h.inc"

namespace mlir::foundry {

/// True if `type` is an element type a kernel argument or result may have:
/// f16, bf16, f32, f64, or a signless integer of 1, 8, 16, 32 or 64 bits.
bool isSupportedElementType(Type type);

/// True if `dialectNamespace` may appear inside a kernel body: linalg, tensor,
/// arith, math (and foundry for the terminator).
bool isAllowedBodyDialect(StringRef dialectNamespace);

/// True for the dialects a kernel body may hold after schedule passes ran:
/// those of isAllowedBodyDialect plus scf, affine and vector.
bool isAllowedScheduledDialect(StringRef dialectNamespace);

/// Checks that `type` can be a kernel argument or result. On failure returns
/// a message saying why (not a tensor, unranked, dynamic, no elements,
/// element type, more bytes than an int64_t counts).
std::optional<std::string> checkKernelBoundaryType(Type type);

/// The number of elements of a statically shaped `type`, multiplied with
/// overflow checks (ShapedType::getNumElements wraps around); nullopt for a
/// dynamic shape or a count that does not fit in int64_t.
std::optional<int64_t> getCheckedNumElements(ShapedType type);

/// The bytes of a buffer of statically shaped `type` (elements of
/// ceil(bits / 8) bytes, at least one), with overflow checks; nullopt for a
/// dynamic shape or a size that does not fit in int64_t.
std::optional<int64_t> getCheckedBufferBytes(ShapedType type);

/// Checks that `name` can name a GPU entry point in PTX: a C identifier,
/// `[A-Za-z_][A-Za-z0-9_]*`. Returns a message saying why not, or nothing.
std::optional<std::string> checkKernelName(StringRef name);

/// Checks the contract attributes a kernel may carry: `name` is one of
/// tolerance, precision, workload and schedule, and `value` must then be the
/// matching #foundry attribute. Returns a message saying what is wrong.
std::optional<std::string> checkContractAttr(StringRef name, Attribute value);

/// How the runners draw a kernel input's values: the argument attribute
/// `foundry.init = "uniform(LOW, HIGH)"` or `"normal(MEAN, STD)"` (a string;
/// numbers in C syntax). Without it an input is uniform in (0, 1), as
/// KernelBench's torch.rand. The attribute states a model's parameter
/// initialization, e.g. nn.Linear's weight and bias are
/// uniform(-1/sqrt(in_features), 1/sqrt(in_features)) (PyTorch's
/// kaiming_uniform_ with a = sqrt(5)).
struct InputInit {
  /// The attribute's name on a kernel or function argument.
  static constexpr llvm::StringLiteral kAttrName = "foundry.init";
  enum class Distribution { Uniform, Normal };
  Distribution distribution = Distribution::Uniform;
  /// uniform: LOW and HIGH; normal: MEAN and STD.
  double first = 0.0, second = 1.0;

  /// A unit draw u (uniform in (0, 1) or standard normal) becomes
  /// shift() + scale() * u.
  double scale() const {
    return distribution == Distribution::Uniform ? second - first : second;
  }
  double shift() const { return first; }
};

/// Parses `spec` ("uniform(LOW, HIGH)" with finite LOW <= HIGH, or
/// "normal(MEAN, STD)" with finite MEAN and STD >= 0) into `init`. Returns a
/// message saying what is wrong, or nothing.
std::optional<std::string> parseInputInit(StringRef spec, InputInit &init);

/// Checks the `foundry.init` attribute of every argument in `argAttrs` (an
/// array of dictionaries, as func.func and foundry.kernel hold them; may be
/// null). Returns a message naming the argument, or nothing.
std::optional<std::string> checkInputInits(ArrayAttr argAttrs);

} // namespace mlir::foundry

#endif // FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRY_H
