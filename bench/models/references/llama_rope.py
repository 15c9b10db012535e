"""HF Llama apply_rotary_pos_emb on q: q * cos + rotate_half(q) * sin with
rotate_half(x) = cat(-x[..., d/2:], x[..., :d/2]); cos and sin are
(seq, dim) tables shared by every batch and head."""


def reference(q, cos, sin):
    out = []
    for qb in q:
        heads = []
        for qh in qb:
            rows = []
            for s, row in enumerate(qh):
                half = len(row) // 2
                rotated = [-v for v in row[half:]] + row[:half]
                rows.append([v * c + r * sn for v, r, c, sn in
                             zip(row, rotated, cos[s], sin[s])])
            heads.append(rows)
        out.append(heads)
    return out
