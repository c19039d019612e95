"""app.malloc_policy: after a large array is freed, a 1 MiB array still gets its own mapping
(given back on free) instead of coming from the heap, where glibc's raised threshold put it."""
import subprocess
import sys

import pytest

CHILD = r"""
import sys
import numpy as np
if sys.argv[1] == "policy":
    from app.malloc_policy import return_large_blocks_to_the_system
    assert return_large_blocks_to_the_system()
big = np.ones(10 * 2**20 // 8)  # 10 MiB: mapped, and on free glibc raises its threshold to 10 MiB
del big
small = np.ones(2**20 // 8)  # 1 MiB
address = small.ctypes.data
with open("/proc/self/maps") as maps:
    for line in maps:
        span, *rest = line.split()
        start, end = (int(x, 16) for x in span.split("-"))
        if start <= address < end:
            print("heap" if line.rstrip().endswith("[heap]") else f"own {(end - start) // 1024} KiB")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator")
def test_a_megabyte_array_gets_its_own_mapping_after_a_large_one_was_freed():
    def where(mode):
        return subprocess.run([sys.executable, "-c", CHILD, mode], capture_output=True, text=True,
                              check=True).stdout.strip()

    without = where("plain")
    if without != "heap":
        pytest.skip(f"this C library does not raise its mmap threshold (the array was {without})")
    with_policy = where("policy")
    # (the kernel may merge the new mapping with its neighbours, so its size says nothing)
    assert with_policy.startswith("own "), with_policy
