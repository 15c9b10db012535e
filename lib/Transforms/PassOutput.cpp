//===- PassOutput.cpp - Files written by foundry passes -------------------===//
//
// This file implements writePassOutput, shared by the passes that write a
// file next to the IR (PTX, launch manifest).
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

LogicalResult mlir::foundry::writePassOutput(Operation *anchor,
                                             StringRef passName, StringRef path,
                                             StringRef text) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    return anchor->emitError(passName) << ": " << error;
  file->os() << text;
  file->keep();
  return success();
}
