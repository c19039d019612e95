"""engine/npz_writer.py against numpy's own `savez_compressed`: the archive it writes holds the
same .npy members, byte for byte, in the same order, with the same dates and permissions,
readable by zipfile (CRCs checked) and by numpy.load, whatever the number of compressing
threads."""
import zipfile

import numpy as np
import pytest

from engine.npz_writer import NpzWriter


def arrays():
    """More members than threads (the order of completion differs from the order of writing),
    of the kinds an attention export holds and the layouts numpy treats differently."""
    rng = np.random.default_rng(7)
    attention = rng.random((3, 40, 40), dtype=np.float32)
    attention /= attention.sum(-1, keepdims=True)
    causal = attention * np.tril(np.ones((40, 40), dtype=np.float32))  # half zeros
    return {
        "encoder_self/layer0": attention,
        "decoder_self/layer0": causal,
        "decoder_self/layer1": causal[[2, 0]],  # a copy, as a subset of heads is
        "transposed": attention[0].T,  # not contiguous: written in C order
        "fortran": np.asfortranarray(attention[1]),  # numpy keeps Fortran order in the header
        "float64": rng.normal(size=(5, 7)),
        "big_endian": np.arange(6, dtype=">i4"),
        "heads": np.array([3, 0, 1], dtype=np.int64),
        "tokens_source": np.array(["<s>", "4", "▁Nov", "注意"], dtype=str),
        "tokens_target": np.array([], dtype=str),
        "model": np.array("date-transformer", dtype=str),
        "flags": np.array([True, False]),
    }


def members(path):
    """Each member's name, bytes, date and permissions, in the archive's order."""
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None  # every member's CRC-32 matches
        return [(info.filename, archive.read(info), info.date_time, info.external_attr)
                for info in archive.infolist()]


@pytest.mark.parametrize("workers", [1, 2, 5])
def test_members_equal_those_of_savez_compressed(tmp_path, workers):
    expected = arrays()
    reference, ours = tmp_path / "numpy.npz", tmp_path / "ours.npz"
    np.savez_compressed(reference, **expected)
    with NpzWriter(ours, workers=workers) as npz:
        for name, array in expected.items():
            npz.add(name, array)

    assert members(ours) == members(reference)
    with zipfile.ZipFile(ours) as archive:
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_DEFLATED}
    with np.load(ours) as loaded, np.load(reference) as numpys:
        assert loaded.files == list(expected)
        for name in expected:
            assert loaded[name].dtype == numpys[name].dtype and loaded[name].shape == numpys[name].shape
            np.testing.assert_array_equal(loaded[name], numpys[name])


def test_the_arrays_are_compressed(tmp_path):
    """A causal layer is half zeros: stored without compression it would keep every byte."""
    causal = arrays()["decoder_self/layer0"]
    with NpzWriter(tmp_path / "causal.npz") as npz:
        npz.add("causal", causal)
    with zipfile.ZipFile(tmp_path / "causal.npz") as archive:
        info = archive.getinfo("causal.npy")
    assert info.file_size > causal.nbytes
    assert info.compress_size < 0.6 * causal.nbytes


def test_a_repeated_name_and_an_object_array_are_refused(tmp_path):
    with NpzWriter(tmp_path / "refused.npz") as npz:
        npz.add("a", np.zeros(3))
        with pytest.raises(ValueError, match="already"):
            npz.add("a", np.ones(3))
        with pytest.raises(ValueError, match="pickle"):
            npz.add("b", np.array([{}, 1], dtype=object))
        npz.add("b", np.ones(2))  # the refused array did not take its name
    with np.load(tmp_path / "refused.npz") as loaded:
        assert loaded.files == ["a", "b"]
        np.testing.assert_array_equal(loaded["a"], np.zeros(3))


def test_a_failure_while_writing_leaves_no_file(tmp_path):
    path = tmp_path / "failed.npz"
    with pytest.raises(RuntimeError, match="stopped"):
        with NpzWriter(path, workers=2) as npz:
            npz.add("first", np.zeros((50, 50)))
            raise RuntimeError("stopped before the end")
    assert not path.exists()
