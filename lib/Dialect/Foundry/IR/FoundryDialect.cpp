//===- FoundryDialect.cpp - Foundry dialect, attributes and ops ----------===//
//
// This file implements the foundry dialect: attribute verifiers and custom
// syntax, and the parser, printer and verifiers of foundry.kernel and
// foundry.yield.
//
//===----------------------------------------------------------------------===//

#include "foundry/Dialect/Foundry/IR/Foundry.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace mlir::foundry;

#include "foundry/Dialect/Foundry/IR/FoundryEnums.cpp.inc"
#include "foundry/Dialect/Foundry/IR/FoundryOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "foundry/Dialect/Foundry/IR/FoundryAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "foundry/Dialect/Foundry/IR/FoundryOps.cpp.inc"

void FoundryDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "foundry/Dialect/Foundry/IR/FoundryAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "foundry/Dialect/Foundry/IR/FoundryOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool mlir::foundry::isSupportedElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return true;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() &&
           llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth());
  return false;
}

bool mlir::foundry::isAllowedBodyDialect(StringRef dialectNamespace) {
  return llvm::is_contained({"linalg", "tensor", "arith", "math", "foundry"},
                            dialectNamespace);
}

bool mlir::foundry::isAllowedScheduledDialect(StringRef dialectNamespace) {
  return isAllowedBodyDialect(dialectNamespace) ||
         llvm::is_contained({"scf", "affine", "vector", "ub"},
                            dialectNamespace);
}

std::optional<std::string> mlir::foundry::checkKernelBoundaryType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType) {
    std::string message;
    llvm::raw_string_ostream os(message);
    if (isa<UnrankedTensorType>(type))
      os << "must be a ranked tensor, got unranked " << type;
    else
      os << "must be a ranked tensor, got " << type;
    return message;
  }
  if (!tensorType.hasStaticShape()) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "must have a static shape, got " << type
       << " (dynamic dimensions are not supported)";
    return message;
  }
  // Before the element count: a zero-size dimension makes any product 0,
  // and an overflowing product must not pass for one.
  if (llvm::is_contained(tensorType.getShape(), 0)) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "has no elements, got " << type
       << " (a zero-size dimension leaves nothing to compute)";
    return message;
  }
  if (!isSupportedElementType(tensorType.getElementType())) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "has unsupported element type " << tensorType.getElementType()
       << " (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)";
    return message;
  }
  if (!getCheckedBufferBytes(tensorType)) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "is too large, got " << type << " (its size in bytes overflows "
       << "a 64-bit integer)";
    return message;
  }
  return std::nullopt;
}

std::optional<int64_t> mlir::foundry::getCheckedNumElements(ShapedType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  int64_t count = 1;
  for (int64_t size : type.getShape()) {
    std::optional<int64_t> next = llvm::checkedMul(count, size);
    if (!next)
      return std::nullopt;
    count = *next;
  }
  return count;
}

std::optional<int64_t> mlir::foundry::getCheckedBufferBytes(ShapedType type) {
  std::optional<int64_t> elements = getCheckedNumElements(type);
  if (!elements)
    return std::nullopt;
  Type element = type.getElementType();
  int64_t width =
      element.isIntOrFloat()
          ? std::max<int64_t>(1, (element.getIntOrFloatBitWidth() + 7) / 8)
          : 1;
  return llvm::checkedMul(*elements, width);
}

std::optional<std::string> mlir::foundry::checkKernelName(StringRef name) {
  bool valid =
      !name.empty() && (llvm::isAlpha(name.front()) || name.front() == '_') &&
      llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
  if (valid)
    return std::nullopt;
  return ("name '" + name +
          "' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*); "
          "it must name a GPU entry point in PTX")
      .str();
}

std::optional<std::string> mlir::foundry::parseInputInit(StringRef spec,
                                                         InputInit &init) {
  auto bad = [&](const Twine &why) {
    return ("foundry.init '" + spec + "': " + why +
            "; expected \"uniform(LOW, HIGH)\" or \"normal(MEAN, STD)\"")
        .str();
  };
  StringRef rest = spec.trim();
  if (rest.consume_front("uniform"))
    init.distribution = InputInit::Distribution::Uniform;
  else if (rest.consume_front("normal"))
    init.distribution = InputInit::Distribution::Normal;
  else
    return bad("unknown distribution");
  rest = rest.ltrim();
  if (!rest.consume_front("(") || !rest.consume_back(")"))
    return bad("parameters must be in parentheses");
  auto [firstText, secondText] = rest.split(',');
  StringRef texts[2] = {firstText.trim(), secondText.trim()};
  double values[2];
  for (int i = 0; i < 2; ++i)
    if (texts[i].empty() || texts[i].getAsDouble(values[i]) ||
        !std::isfinite(values[i]))
      return bad("'" + texts[i] + "' is not a finite number");
  init.first = values[0];
  init.second = values[1];
  if (init.distribution == InputInit::Distribution::Uniform &&
      init.first > init.second)
    return bad("LOW is above HIGH");
  if (init.distribution == InputInit::Distribution::Normal && init.second < 0)
    return bad("STD is negative");
  return std::nullopt;
}

std::optional<std::string> mlir::foundry::checkInputInits(ArrayAttr argAttrs) {
  if (!argAttrs)
    return std::nullopt;
  for (auto [index, attrs] : llvm::enumerate(argAttrs)) {
    auto dict = dyn_cast_or_null<DictionaryAttr>(attrs);
    Attribute value = dict ? dict.get(InputInit::kAttrName) : Attribute();
    if (!value)
      continue;
    auto spec = dyn_cast<StringAttr>(value);
    if (!spec)
      return ("argument #" + Twine(index) + ": " + InputInit::kAttrName +
              " must be a string such as \"uniform(-0.01, 0.01)\"")
          .str();
    InputInit init;
    if (std::optional<std::string> why = parseInputInit(spec.getValue(), init))
      return ("argument #" + Twine(index) + ": " + *why).str();
  }
  return std::nullopt;
}

std::optional<std::string> mlir::foundry::checkContractAttr(StringRef name,
                                                            Attribute value) {
  auto expect = [&](bool ok, StringRef attr) -> std::optional<std::string> {
    if (ok)
      return std::nullopt;
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "attribute '" << name << "' must be a #foundry." << attr
       << " attribute, got " << value;
    return message;
  };
  if (name == "tolerance")
    return expect(isa<ToleranceAttr>(value), "tolerance");
  if (name == "precision")
    return expect(isa<PrecisionAttr>(value), "precision");
  if (name == "workload")
    return expect(isa<WorkloadAttr>(value), "workload");
  if (name == "schedule")
    return expect(isa<ScheduleAttr>(value), "schedule");
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LogicalResult
ToleranceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      APFloat atolValue, APFloat rtolValue) {
  double atol = atolValue.convertToDouble();
  double rtol = rtolValue.convertToDouble();
  if (!std::isfinite(atol) || atol < 0.0)
    return emitError() << "atol must be finite and non-negative, got " << atol;
  if (!std::isfinite(rtol) || rtol < 0.0)
    return emitError() << "rtol must be finite and non-negative, got " << rtol;
  return success();
}

bool ToleranceAttr::accepts(double actual, double expected) const {
  if (!std::isfinite(actual) || !std::isfinite(expected))
    return false;
  return std::fabs(actual - expected) <=
         getAtolValue() + getRtolValue() * std::fabs(expected);
}

LogicalResult WorkloadAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t flops, int64_t bytes) {
  if (flops < 0)
    return emitError() << "flops must be non-negative, got " << flops;
  if (bytes < 0)
    return emitError() << "bytes must be non-negative, got " << bytes;
  return success();
}

LogicalResult ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef pipeline) {
  if (pipeline.trim().empty())
    return emitError() << "schedule pipeline must not be empty";
  return success();
}

bool PrecisionAttr::allows(Precision other) const {
  // Ordered from most to least accurate.
  auto rank = [](Precision p) {
    switch (p) {
    case Precision::ieee:
      return 0;
    case Precision::tf32x3:
      return 1;
    case Precision::tf32:
      return 2;
    case Precision::bf16:
      return 3;
    }
    return 3;
  };
  return rank(other) <= rank(getValue());
}

// `3xtf32` lexes as the integer 3 followed by the keyword `xtf32`, so the
// precision keyword is parsed in up to two pieces.
Attribute PrecisionAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  std::string spelling;
  uint64_t multiplier = 0;
  OptionalParseResult intResult = parser.parseOptionalInteger(multiplier);
  if (intResult.has_value()) {
    if (failed(*intResult))
      return {};
    spelling = std::to_string(multiplier);
  }
  StringRef keyword;
  if (parser.parseKeyword(&keyword)) {
    parser.emitError(loc, "expected a precision: ieee, 3xtf32, tf32 or bf16");
    return {};
  }
  spelling += keyword.str();
  std::optional<Precision> value = symbolizePrecision(spelling);
  if (!value) {
    parser.emitError(loc, "unknown precision '")
        << spelling << "'; expected ieee, 3xtf32, tf32 or bf16";
    return {};
  }
  if (parser.parseGreater())
    return {};
  return PrecisionAttr::get(parser.getContext(), *value);
}

void PrecisionAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyPrecision(getValue()) << ">";
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

void KernelOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  SMLoc loc = parser.getCurrentLocation();
  if (function_interface_impl::parseFunctionOp(
          parser, result, /*allowVariadic=*/false,
          getFunctionTypeAttrName(result.name), buildFuncType,
          getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name)))
    return failure();
  // A wrongly typed contract attribute would otherwise be dropped silently
  // when the attribute dictionary is converted to properties.
  for (NamedAttribute attr : result.attributes)
    if (std::optional<std::string> why =
            checkContractAttr(attr.getName().strref(), attr.getValue()))
      return parser.emitError(loc, "'foundry.kernel' op ") << *why;
  return success();
}

void KernelOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

ToleranceAttr KernelOp::getEffectiveTolerance() {
  if (ToleranceAttr tolerance = getToleranceAttr())
    return tolerance;
  bool halfPrecision = llvm::any_of(getResultTypes(), [](Type type) {
    Type element = getElementTypeOrSelf(type);
    return element.isF16() || element.isBF16();
  });
  double tol = halfPrecision ? 1e-2 : 1e-4;
  return ToleranceAttr::get(getContext(), tol, tol);
}

Precision KernelOp::getEffectivePrecision() {
  if (PrecisionAttr precision = getPrecisionAttr())
    return precision.getValue();
  return Precision::ieee;
}

LogicalResult KernelOp::verify() {
  if (std::optional<std::string> why = checkKernelName(getSymName()))
    return emitOpError() << *why;
  FunctionType type = getFunctionType();
  for (auto [index, argType] : llvm::enumerate(type.getInputs()))
    if (std::optional<std::string> why = checkKernelBoundaryType(argType))
      return emitOpError("argument #") << index << " " << *why;
  if (type.getNumResults() == 0)
    return emitOpError("must have at least one result");
  for (auto [index, resultType] : llvm::enumerate(type.getResults()))
    if (std::optional<std::string> why = checkKernelBoundaryType(resultType))
      return emitOpError("result #") << index << " " << *why;
  if (std::optional<std::string> why = checkInputInits(getArgAttrsAttr()))
    return emitOpError() << *why;
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  Region &body = getBody();
  if (body.empty())
    return emitOpError("must have a body (kernels cannot be declarations)");
  if (!body.hasOneBlock())
    return emitOpError("body must have exactly one block, got ")
           << body.getBlocks().size();
  Block &entry = body.front();
  ArrayRef<Type> inputs = getArgumentTypes();
  if (entry.getNumArguments() != inputs.size())
    return emitOpError("body has ")
           << entry.getNumArguments() << " arguments but the signature has "
           << inputs.size();
  for (auto [index, arg] : llvm::enumerate(entry.getArguments()))
    if (arg.getType() != inputs[index])
      return emitOpError("body argument #")
             << index << " has type " << arg.getType()
             << " but the signature says " << inputs[index];

  // Only tensor-level upstream ops may appear, at any depth, plus the loops,
  // index arithmetic and vector ops that schedule passes make.
  WalkResult walk = body.walk<WalkOrder::PreOrder>([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    // foundry-promote's shared-memory tiles are the one bufferization op,
    // foundry-reduce-threads' warp shuffles the one GPU op.
    if (!isAllowedScheduledDialect(ns) &&
        !llvm::is_contained({"bufferization.alloc_tensor",
                             "gpu.subgroup_reduce"},
                            op->getName().getStringRef())) {
      op->emitOpError("is not allowed in a foundry.kernel body (only linalg, "
                      "tensor, arith and math ops are, and the scf, affine "
                      "and vector ops, shared-memory tiles and warp "
                      "reductions of schedules)")
              .attachNote(getLoc())
          << "in this kernel";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  auto kernel = cast<KernelOp>((*this)->getParentOp());
  ArrayRef<Type> expected = kernel.getResultTypes();
  if (getNumOperands() != expected.size())
    return emitOpError("yields ")
           << getNumOperands() << " values but kernel @" << kernel.getSymName()
           << " returns " << expected.size();
  for (auto [index, value] : llvm::enumerate(getOperands()))
    if (value.getType() != expected[index])
      return emitOpError("operand #")
             << index << " has type " << value.getType() << " but kernel @"
             << kernel.getSymName() << " returns " << expected[index];
  return success();
}
