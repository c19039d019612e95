import pytest
import torch

from engine import device as device_mod
from engine.device import DeviceError, choose_device, describe_device


def test_auto_prefers_cuda_then_mps_then_cpu(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert choose_device("auto").type == "cuda"
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setattr(device_mod, "_mps_available", lambda: True)
    assert choose_device("auto").type == "mps"
    monkeypatch.setattr(device_mod, "_mps_available", lambda: False)
    assert choose_device("auto").type == "cpu"
    assert choose_device(None).type == "cpu"


def test_forced_devices_are_checked(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setattr(device_mod, "_mps_available", lambda: False)
    assert choose_device("cpu").type == "cpu"
    with pytest.raises(DeviceError, match="CUDA"):
        choose_device("cuda")
    with pytest.raises(DeviceError, match="MPS"):
        choose_device("mps")
    with pytest.raises(DeviceError, match="unknown device"):
        choose_device("tpu")


def test_description_names_cpu_threads():
    assert describe_device(torch.device("cpu")).startswith("CPU · ")
