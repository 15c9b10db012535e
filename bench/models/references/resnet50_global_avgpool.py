"""AdaptiveAvgPool2d(1)(x).flatten(1) on NHWC: the mean over H and W."""


def reference(x):
    out = []
    for img in x:
        pixels = [px for row in img for px in row]
        out.append([sum(px[c] for px in pixels) / len(pixels) for c in range(len(pixels[0]))])
    return out
