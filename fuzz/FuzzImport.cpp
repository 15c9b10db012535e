//===- FuzzImport.cpp - libFuzzer target: library imports -----------------===//
//
// foundry-library import of an export (YAML) into a library: the streamed
// YAML reader, the checks of every field and the validation of every
// genome. An import is all or nothing: one that fails must leave the
// library as it was (here: empty).
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Library.h"
#include "foundry/Evolve/LibraryImport.h"
#include "foundry/InitAll.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

using namespace mlir::foundry;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool registered = (registerAllPasses(), true);
  (void)registered;
  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  if (!library)
    llvm::report_fatal_error(llvm::Twine("no in-memory library: ") + error);
  std::unique_ptr<llvm::MemoryBuffer> file = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.yaml",
      /*RequiresNullTerminator=*/false);
  ImportCounts counts;
  if (importExport(*library, *file, counts, error))
    return 0;
  ExperienceLibrary::Stats stats = library->stats();
  if (stats.kernels || stats.candidates || counts.kernels ||
      counts.candidates || counts.insights)
    llvm::report_fatal_error("a failed import left rows behind");
  return 0;
}
