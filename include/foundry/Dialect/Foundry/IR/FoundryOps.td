//===- FoundryOps.td - Foundry operations ------------------*- tablegen -*-===//
//
// foundry.kernel and its terminator foundry.yield.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYOPS_TD
#define FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYOPS_TD

include "foundry/Dialect/Foundry/IR/FoundryDialect.td"
include "foundry/Dialect/Foundry/IR/FoundryAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Foundry_KernelOp : Foundry_Op<"kernel", [
    AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove,
    OpAsmOpInterface]> {
  let summary = "A GPU kernel to optimize, given by its reference semantics.";
  let description = [{
    A symbol with a function-like signature whose arguments and results are
    ranked, statically shaped tensors of f16, bf16, f32, f64 or signless
    integers. Its single-block body holds only upstream tensor-level ops
    (`linalg`, `tensor`, `arith`, `math`) and ends in `foundry.yield`. The body
    is the reference semantics: every schedule must compute the same values,
    within the kernel's tolerance.

    Optional attributes: `tolerance` (`#foundry.tolerance`), `precision`
    (`#foundry.precision`, default `ieee`), `workload` (`#foundry.workload`,
    set by `foundry-annotate-workload`) and `schedule` (`#foundry.schedule`,
    set on an optimized kernel).

    An argument may carry `foundry.init = "uniform(LOW, HIGH)"` or
    `"normal(MEAN, STD)"`: how the runners draw that input (a model
    parameter's initialization, e.g. nn.Linear's weight is
    `uniform(-1/sqrt(in), 1/sqrt(in))`). Without it an input is uniform in
    (0, 1), as KernelBench's `torch.rand`. The verifier rejects an unknown
    distribution, non-finite numbers, LOW above HIGH and a negative STD.

    ```mlir
    foundry.kernel @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32>
        attributes {precision = #foundry.precision<ieee>} {
      %zero = arith.constant 0.0 : f32
      %init = tensor.empty() : tensor<4x8xf32>
      %r = linalg.generic {
          indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
          iterator_types = ["parallel", "parallel"]}
          ins(%x : tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %m = arith.maximumf %in, %zero : f32
        linalg.yield %m : f32
      } -> tensor<4x8xf32>
      foundry.yield %r : tensor<4x8xf32>
    }
    ```
  }];

  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<Foundry_ToleranceAttr>:$tolerance,
                       OptionalAttr<Foundry_PrecisionAttr>:$precision,
                       OptionalAttr<Foundry_WorkloadAttr>:$workload,
                       OptionalAttr<Foundry_ScheduleAttr>:$schedule);
  let regions = (region AnyRegion:$body);

  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];

  let extraClassDeclaration = [{
    //===------------------------------------------------------------------===//
    // FunctionOpInterface
    //===------------------------------------------------------------------===//

    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return isExternal(); }

    //===------------------------------------------------------------------===//
    // OpAsmOpInterface
    //===------------------------------------------------------------------===//

    static ::llvm::StringRef getDefaultDialect() { return "foundry"; }

    //===------------------------------------------------------------------===//
    // Numerical contract
    //===------------------------------------------------------------------===//

    /// The `tolerance` attribute if present, else KernelBench's default for
    /// the result element types (1e-4/1e-4, or 1e-2/1e-2 with f16/bf16).
    ToleranceAttr getEffectiveTolerance();

    /// The `precision` policy if present, else `ieee`.
    Precision getEffectivePrecision();
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Foundry_YieldOp : Foundry_Op<"yield", [
    Pure, HasParent<"KernelOp">, ReturnLike, Terminator]> {
  let summary = "Returns the results of a foundry.kernel.";
  let description = [{
    Terminates the body of a `foundry.kernel`. Its operands must match the
    kernel's result types one for one.

    ```mlir
    foundry.yield %r : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let hasVerifier = 1;
}

#endif // FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYOPS_TD
