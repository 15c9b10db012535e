//===- FoundryAttrs.td - Foundry attributes ----------------*- tablegen -*-===//
//
// Tolerance, precision policy, workload and schedule attributes.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYATTRS_TD
#define FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYATTRS_TD

include "foundry/Dialect/Foundry/IR/FoundryDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class Foundry_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Foundry_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

/// A double-precision value, written as a float literal and printed in
/// scientific notation.
def Foundry_DoubleParameter : APFloatParameter<"a double-precision value"> {
  let parser = [{ [&]() -> ::mlir::FailureOr<::llvm::APFloat> {
    double value;
    if ($_parser.parseFloat(value))
      return ::mlir::failure();
    return ::llvm::APFloat(value);
  }() }];
  let printer = [{ $_printer << ::llvm::formatv("{0:e}", $_self.convertToDouble()) }];
}

def Foundry_ToleranceAttr : Foundry_Attr<"Tolerance", "tolerance"> {
  let summary = "Element-wise tolerance of a kernel's outputs.";
  let description = [{
    An output element `out` passes against the reference `ref` when
    `|out - ref| <= atol + rtol * |ref|`, and never when either is NaN or
    infinite (KernelBench's rule). Without this attribute a kernel uses
    KernelBench's defaults: 1e-4 / 1e-4 for fp32 and fp64 outputs, 1e-2 / 1e-2
    when any output is f16 or bf16.

    ```mlir
    #foundry.tolerance<atol = 1.0e-04, rtol = 1.0e-04>
    ```
  }];
  let parameters = (ins Foundry_DoubleParameter:$atol,
                        Foundry_DoubleParameter:$rtol);
  let assemblyFormat = "`<` `atol` `=` $atol `,` `rtol` `=` $rtol `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "double":$atol, "double":$rtol), [{
      return $_get($_ctxt, ::llvm::APFloat(atol), ::llvm::APFloat(rtol));
    }]>
  ];
  let extraClassDeclaration = [{
    double getAtolValue() const { return getAtol().convertToDouble(); }
    double getRtolValue() const { return getRtol().convertToDouble(); }
    /// True if `|actual - expected| <= atol + rtol * |expected|` and both
    /// are finite (KernelBench's rule).
    bool accepts(double actual, double expected) const;
  }];
}

def Foundry_Precision : I32EnumAttr<"Precision",
    "arithmetic a schedule may use for fp32 contractions", [
      I32EnumAttrCase<"ieee", 0>,
      I32EnumAttrCase<"tf32x3", 1, "3xtf32">,
      I32EnumAttrCase<"tf32", 2>,
      I32EnumAttrCase<"bf16", 3>
    ]> {
  let cppNamespace = "::mlir::foundry";
  let genSpecializedAttr = 0;
}

def Foundry_PrecisionAttr : Foundry_Attr<"Precision", "precision"> {
  let summary = "Precision policy: what arithmetic a schedule may use.";
  let description = [{
    `ieee` (the default) allows only IEEE fp32 arithmetic. `3xtf32` allows
    tensor cores with each fp32 operand split into a tf32 high part and a tf32
    residual (three products, fp32 accumulation), which keeps fp32 accuracy.
    `tf32` and `bf16` allow one tensor-core product in that format, trading
    accuracy for speed; the kernel's tolerance must then be loosened to match.

    ```mlir
    #foundry.precision<3xtf32>
    ```
  }];
  let parameters = (ins EnumParameter<Foundry_Precision>:$value);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// True if this policy allows the given policy's arithmetic, i.e. `other`
    /// is at least as accurate. `ieee` allows only `ieee`; `bf16` allows all.
    bool allows(::mlir::foundry::Precision other) const;
  }];
}

def Foundry_WorkloadAttr : Foundry_Attr<"Workload", "workload"> {
  let summary = "Work a kernel must do: FLOPs and minimum DRAM bytes.";
  let description = [{
    `flops` counts one per scalar arithmetic op per iteration of every linalg
    op (casts excluded); `bytes` is the size of every argument read once plus
    every result written once. Together they give the roofline floor
    `max(flops / peak FLOP/s, bytes / bandwidth)`.

    ```mlir
    #foundry.workload<flops = 137438953472, bytes = 201326592>
    ```
  }];
  let parameters = (ins "int64_t":$flops, "int64_t":$bytes);
  let assemblyFormat = "`<` `flops` `=` $flops `,` `bytes` `=` $bytes `>`";
  let genVerifyDecl = 1;
}

def Foundry_ScheduleAttr : Foundry_Attr<"Schedule", "schedule"> {
  let summary = "The pass pipeline that produced an optimized kernel.";
  let description = [{
    Holds the textual pass pipeline (a schedule of `foundry-*` passes) so the
    optimized kernel can be rebuilt by hand with
    `foundry-opt --pass-pipeline='builtin.module(<pipeline>)'`.

    ```mlir
    #foundry.schedule<"foundry-naive">
    ```
  }];
  let parameters = (ins StringRefParameter<"textual pass pipeline">:$pipeline);
  let assemblyFormat = "`<` $pipeline `>`";
  let genVerifyDecl = 1;
}

#endif // FOUNDRY_DIALECT_FOUNDRY_IR_FOUNDRYATTRS_TD
