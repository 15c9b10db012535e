"""KernelBench L1 #47: torch.sum(x, dim=1, keepdim=True) on a 3-D x."""


def reference(x):
    out = []
    for plane in x:
        cols = len(plane[0])
        out.append([[sum(row[j] for row in plane) for j in range(cols)]])
    return out
