"""Which torch device runs the models: CUDA, then Apple MPS, else the CPU, unless forced."""
from __future__ import annotations

import torch

DEVICE_CHOICES = ("auto", "cpu", "cuda", "mps")


class DeviceError(RuntimeError):
    """The requested device does not exist on this machine."""


def _mps_available() -> bool:
    mps = getattr(torch.backends, "mps", None)
    return bool(mps is not None and mps.is_available())


def choose_device(requested: str | None = "auto") -> torch.device:
    """Resolve "auto" to the best available device; check that a forced one exists."""
    requested = (requested or "auto").lower()
    if requested not in DEVICE_CHOICES and not requested.startswith("cuda:"):
        raise DeviceError(f"unknown device {requested!r}; choose one of {', '.join(DEVICE_CHOICES)}")
    if requested == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        if _mps_available():
            return torch.device("mps")
        return torch.device("cpu")
    if requested.startswith("cuda") and not torch.cuda.is_available():
        raise DeviceError("CUDA was requested but torch sees no CUDA device here")
    if requested == "mps" and not _mps_available():
        raise DeviceError("MPS was requested but this machine has no Apple GPU available to torch")
    return torch.device(requested)


def describe_device(device: torch.device) -> str:
    """Short text for the status bar: "CPU · 2 threads", "CUDA · NVIDIA H200", "Apple MPS"."""
    device = torch.device(device)
    if device.type == "cuda":
        return f"CUDA · {torch.cuda.get_device_name(device)}"
    if device.type == "mps":
        return "Apple MPS"
    n = torch.get_num_threads()
    return f"CPU · {n} thread{'s' if n != 1 else ''}"
