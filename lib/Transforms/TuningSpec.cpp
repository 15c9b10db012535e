//===- TuningSpec.cpp - Read and write tuning specs -----------------------===//
//
// This file implements readTuningSpec and printTuningSpec (TuningSpec.h).
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/TuningSpec.h"

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/Support/UntrustedInput.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::foundry;

FailureOr<std::vector<TuningSpecEntry>>
mlir::foundry::readTuningSpec(llvm::StringRef path, MLIRContext *context) {
  context->getOrLoadDialect<FoundryDialect>();
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer = readUntrustedMlir(path, error);
  if (!buffer)
    return emitError(UnknownLoc::get(context))
           << "cannot read the tuning spec " << error;
  llvm::SourceMgr sourceMgr;
  llvm::StringRef name = buffer->getBufferIdentifier();
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  OwningOpRef<ModuleOp> module;
  if (!runUntrustedParse([&] {
        module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
      }))
    return emitError(UnknownLoc::get(context)) << parserCrashedMessage(name);
  if (!module)
    return failure();
  auto entries = (*module)->getAttrOfType<ArrayAttr>(kTuningSpecAttr);
  if (!entries)
    return emitError(module->getLoc())
           << "not a tuning spec: the module has no array attribute '"
           << kTuningSpecAttr << "'";

  std::vector<TuningSpecEntry> spec;
  for (auto [index, attr] : llvm::enumerate(entries)) {
    auto fail = [&, index = index]() {
      return emitError(module->getLoc())
             << "tuning spec entry " << index << ": ";
    };
    auto dict = dyn_cast<DictionaryAttr>(attr);
    if (!dict)
      return fail() << "expected a dictionary, got " << attr;
    TuningSpecEntry entry;
    for (auto [name, field] :
         {std::pair{"match", &entry.match}, std::pair{"key", &entry.key},
          std::pair{"target", &entry.target}}) {
      auto value = dict.getAs<StringAttr>(name);
      if (!value)
        return fail() << "expected a string '" << name << "'";
      *field = value.str();
    }
    if (!llvm::is_contained(kTuningSpecLevels, entry.match))
      return fail() << "unknown match '" << entry.match
                    << "' (kernel, exact or graph)";
    auto schedule = dict.getAs<ScheduleAttr>("schedule");
    if (!schedule)
      return fail() << "expected 'schedule' as #foundry.schedule<\"...\">";
    entry.schedule = schedule.getPipeline().str();
    if (Attribute kernel = dict.get("kernel")) {
      if (!isa<StringAttr>(kernel))
        return fail() << "expected 'kernel' as a string";
      entry.kernel = cast<StringAttr>(kernel).str();
    }
    if (Attribute time = dict.get("median_ms")) {
      if (!isa<FloatAttr>(time))
        return fail() << "expected 'median_ms' as a float";
      entry.medianMs = cast<FloatAttr>(time).getValueAsDouble();
    }
    spec.push_back(std::move(entry));
  }
  return spec;
}

std::string
mlir::foundry::printTuningSpec(llvm::ArrayRef<TuningSpecEntry> entries,
                               llvm::ArrayRef<std::string> header,
                               MLIRContext *context) {
  context->getOrLoadDialect<FoundryDialect>();
  Builder builder(context);
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const std::string &line : header)
    os << "// " << line << "\n";
  os << "module attributes {" << kTuningSpecAttr << " = [";
  llvm::interleave(
      entries, os,
      [&](const TuningSpecEntry &entry) {
        SmallVector<NamedAttribute> fields = {
            builder.getNamedAttr("match", builder.getStringAttr(entry.match)),
            builder.getNamedAttr("key", builder.getStringAttr(entry.key)),
            builder.getNamedAttr("target", builder.getStringAttr(entry.target)),
            builder.getNamedAttr("kernel", builder.getStringAttr(entry.kernel)),
            builder.getNamedAttr("median_ms",
                                 builder.getF64FloatAttr(entry.medianMs)),
            builder.getNamedAttr("schedule",
                                 ScheduleAttr::get(context, entry.schedule))};
        os << "\n  " << builder.getDictionaryAttr(fields);
      },
      ",");
  os << "\n]} {\n}\n";
  return text;
}
