//===- FuzzGenome.cpp - libFuzzer target: genomes -------------------------===//
//
// validateGenome, the check every genome passes before the search runs it,
// whatever brought it (an LLM reply, a library, an import): a schedule of
// foundry-* schedule passes and an optional IR patch (a foundry.kernel) that
// must parse within its limits. A genome it accepts must be a fixed point:
// validating the normalized text again gives the same text.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/LlmExpert.h"
#include "foundry/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;
using namespace mlir::foundry;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const DialectRegistry *registry = [] {
    registerAllPasses();
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    return r;
  }();
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  std::string genome(reinterpret_cast<const char *>(data), size);
  std::string normalized, again, error;
  if (!validateGenome(&context, genome, normalized, error))
    return 0;
  if (!validateGenome(&context, normalized, again, error))
    llvm::report_fatal_error(llvm::Twine("a normalized genome is refused: ") +
                             error);
  if (again != normalized)
    llvm::report_fatal_error("normalizing a normalized genome changed it");
  return 0;
}
