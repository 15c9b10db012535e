//===- FoundryDialect.td - Foundry dialect definition ------*- tablegen -*-===//
//
// The foundry dialect: kernels whose bodies are the reference semantics of a
// GPU kernel on tensors, and the attributes the search driver attaches to them.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYDIALECT_TD
#define FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYDIALECT_TD

include "mlir/IR/OpBase.td"

def Foundry_Dialect : Dialect {
  let name = "foundry";
  let summary = "Kernels to optimize, and what the optimizer learns about them.";
  let description = [{
    The `foundry` dialect wraps the reference semantics of a GPU kernel (upstream
    linalg, tensor, arith and math ops on ranked, statically shaped tensors) in a
    `foundry.kernel` symbol. Attributes record the numerical contract of the
    kernel (`#foundry.tolerance`, `#foundry.precision`), its cost
    (`#foundry.workload`) and the schedule that produced an optimized version of
    it (`#foundry.schedule`).
  }];
  let cppNamespace = "::mlir::foundry";
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = [];
}

class Foundry_Op<string mnemonic, list<Trait> traits = []>
    : Op<Foundry_Dialect, mnemonic, traits>;

#endif // FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYDIALECT_TD
