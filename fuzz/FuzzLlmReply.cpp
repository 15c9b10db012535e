//===- FuzzLlmReply.cpp - libFuzzer target: LLM replies -------------------===//
//
// What an LLM expert does with an HTTP response body: parseLlmResponse (the
// proposals out of a chat-completions reply), then validateGenome on each
// proposal's schedule and rewritten kernel. Nothing in a reply is trusted.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Genome.h"
#include "foundry/Evolve/LlmExpert.h"
#include "foundry/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::foundry;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const DialectRegistry *registry = [] {
    registerAllPasses();
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    return r;
  }();
  std::vector<LlmProposal> proposals;
  std::string error;
  if (!parseLlmResponse(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          proposals, error))
    return 0;
  // parseLlmResponse's own limits (LlmExpert.h).
  if (proposals.size() > 16)
    llvm::report_fatal_error("more than 16 proposals kept");
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  for (const LlmProposal &p : proposals) {
    if (p.schedule.size() > 4096)
      llvm::report_fatal_error("a schedule over 4096 characters kept");
    std::string normalized;
    (void)validateGenome(&context, joinGenome(p.schedule, p.kernel), normalized,
                         error);
  }
  return 0;
}
