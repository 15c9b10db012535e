//===- FoundryPlugin.cpp - Foundry as a plugin of upstream mlir-opt -------===//
//
// The entry points upstream tools load a plugin through:
//
//   mlir-opt --load-dialect-plugin=FoundryPlugin.so \
//            --load-pass-plugin=FoundryPlugin.so ...
//
// registers the foundry dialect, every foundry-* pass and the foundry-to-nvvm,
// foundry-to-llvm and foundry-bufferize pipelines, and points NVVM
// serialization at the CUDA toolkit as foundry-opt does
// (configureCudaToolkitPath). Passes of a plugin are not command-line flags
// of mlir-opt (it parses its flags before loading plugins): they go in
// --pass-pipeline. The upstream dialects,
// interfaces and translations the passes use are the tool's own (mlir-opt
// registers all of them); the plugin links the tool's libMLIR.so, so both
// share one copy of MLIR.
//
//===----------------------------------------------------------------------===//

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/Pipelines/Pipelines.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Foundry", FOUNDRY_VERSION,
          [](DialectRegistry *registry) {
            registry->insert<foundry::FoundryDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Foundry", FOUNDRY_VERSION, []() {
            foundry::configureCudaToolkitPath();
            foundry::registerFoundryPasses();
            foundry::registerFoundryPipelines();
          }};
}
