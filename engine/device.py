"""Which torch device runs the models: CUDA, then Apple MPS, else the CPU, unless forced."""
from __future__ import annotations

import torch

from engine.messages import EngineError, Message

DEVICE_CHOICES = ("auto", "cpu", "cuda", "mps")


class DeviceError(EngineError, RuntimeError):
    """The requested device does not exist on this machine."""


def _mps_available() -> bool:
    mps = getattr(torch.backends, "mps", None)
    return bool(mps is not None and mps.is_available())


def choose_device(requested: str | None = "auto") -> torch.device:
    """Resolve "auto" to the best available device; check that a forced one exists."""
    requested = (requested or "auto").lower()
    if requested not in DEVICE_CHOICES and not requested.startswith("cuda:"):
        raise DeviceError("device_unknown", device=repr(requested), choices=", ".join(DEVICE_CHOICES))
    if requested == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        if _mps_available():
            return torch.device("mps")
        return torch.device("cpu")
    if requested.startswith("cuda") and not torch.cuda.is_available():
        raise DeviceError("device_no_cuda")
    if requested == "mps" and not _mps_available():
        raise DeviceError("device_no_mps")
    return torch.device(requested)


def describe_device(device: torch.device) -> str:
    """Short text for the status bar: "CPU · 2 threads", "CUDA · NVIDIA H200", "Apple MPS"."""
    device = torch.device(device)
    if device.type == "cuda":
        return Message("device_cuda", name=torch.cuda.get_device_name(device))
    if device.type == "mps":
        return Message("device_mps")
    n = torch.get_num_threads()
    return Message("device_cpu_one_thread" if n == 1 else "device_cpu_threads", threads=n)
