// RUN: not foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=threads=0 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: error: foundry-tile-phases: threads must be 1 to 1024 and width at least 1, got threads=0 width=1
// RUN: not foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=threads=1025 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: error: foundry-tile-phases: threads must be 1 to 1024 and width at least 1, got threads=1025 width=1
// RUN: not foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=width=0 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: error: foundry-tile-phases: threads must be 1 to 1024 and width at least 1, got threads=256 width=0
// RUN: not foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-phases 2>&1 | FileCheck %s --check-prefix=NOBLOCK
// NOBLOCK: scan_two_level.mlir:12:1: error: 'foundry.kernel' op foundry-tile-phases: no block tile; run foundry-tile-blocks first
// RUN: not foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-reduction=sizes=2 --foundry-tile-phases 2>&1 | FileCheck %s --check-prefix=KLOOP
// KLOOP: error: 'scf.forall' op foundry-tile-phases: the block tile has a k-loop (foundry-tile-reduction); run foundry-tile-phases before it
// RUN: not foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-threads=sizes=1,1 --foundry-tile-phases 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: 'scf.forall' op foundry-tile-phases: every block tile is already distributed
// RUN: not foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases --foundry-tile-threads=sizes=1,1 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: error: 'scf.forall' op foundry-tile-threads: the block tile is already distributed
