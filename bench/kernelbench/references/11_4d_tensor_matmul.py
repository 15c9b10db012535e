"""KernelBench L1 #11: torch.einsum("bijl,lk->bijk", A, B)."""


def reference(a, b):
    n_l, n_k = len(b), len(b[0])
    out = []
    for a_b in a:
        block = []
        for a_bi in a_b:
            rows = []
            for a_bij in a_bi:
                rows.append([sum(a_bij[l] * b[l][k] for l in range(n_l)) for k in range(n_k)])
            block.append(rows)
        out.append(block)
    return out
