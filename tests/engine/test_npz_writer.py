"""engine/npz_writer.py against numpy's own `savez_compressed`: the archive it writes holds the
same .npy members, byte for byte, in the same order, with the same dates and permissions,
readable by zipfile (CRCs checked) and by numpy.load, whatever the number of compressing
threads."""
import struct
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


def _records(path):
    """The archive's end records read by hand, as PKWARE's APPNOTE (4.3.14–4.3.16) lays them out:
    the ZIP64 end of central directory record, its locator and the classic end record."""
    data = path.read_bytes()
    end = data[-22:]
    start = data.rindex(b"PK\x06\x06")
    zip64 = struct.unpack("<IQHHIIQQQQ", data[start:start + 56])
    locator = struct.unpack("<IIQI", data[start + 56:start + 76])
    return zip64, locator, struct.unpack("<IHHHHIIH", end), start


def test_names_directory_and_end_records_follow_the_zip_format(tmp_path):
    """Independent of numpy's members: the directory fields as zipfile itself writes them for the
    same names (the UTF-8 flag only for a name that is not ASCII, disk 0, no comment, no internal
    attributes), and end records as the format defines them (the ZIP64 record's size counts the 44
    bytes after its first 12; every disk number 0; the classic record's counts say "see ZIP64")."""
    names = {"layer0": np.arange(6, dtype=np.float32), "层/头0": np.ones((2, 2), dtype=np.float32)}
    ours, theirs = tmp_path / "ours.npz", tmp_path / "zipfile.npz"
    with NpzWriter(ours, workers=2) as npz:
        for name, array in names.items():
            npz.add(name, array)
    with zipfile.ZipFile(theirs, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in names:
            with archive.open(name + ".npy", "w", force_zip64=True) as member:
                member.write(b"x")

    def fields(path):
        with zipfile.ZipFile(path) as archive:
            return [(i.filename, i.flag_bits & 0x800, i.volume, i.internal_attr, i.comment, i.compress_type)
                    for i in archive.infolist()]

    assert fields(ours) == fields(theirs)
    with np.load(ours) as loaded:
        assert loaded.files == list(names)
        np.testing.assert_array_equal(loaded["层/头0"], names["层/头0"])
    zip64, locator, end, start = _records(ours)
    signature, size, _made_by, _needed, disk, directory_disk, on_disk, total, directory_size, offset = zip64
    assert signature == 0x06064B50 and size == 44
    assert (disk, directory_disk, on_disk, total) == (0, 0, 2, 2)
    assert offset + directory_size == start  # the directory ends where the ZIP64 record starts
    assert locator == (0x07064B50, 0, start, 1)
    assert end == (0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    # each member's local header: sizes in its ZIP64 extra field (tag 1, 16 bytes of data), as the
    # directory gives them
    data = ours.read_bytes()
    with zipfile.ZipFile(ours) as archive:
        for info in archive.infolist():
            header = struct.unpack("<IHHHHHIIIHH", data[info.header_offset:info.header_offset + 30])
            assert header[0] == 0x04034B50 and header[7:9] == (0xFFFFFFFF, 0xFFFFFFFF)
            extra_at = info.header_offset + 30 + header[9]
            assert header[10] == 20 and struct.unpack("<HHQQ", data[extra_at:extra_at + 20]) == (
                1, 16, info.file_size, info.compress_size)


def test_a_structured_array_with_an_object_field_and_one_byte_arrays(tmp_path):
    """numpy pickles any dtype that holds objects, a structured one too: refused.  A one-byte array
    is written like any other (only an array of no bytes has no byte view)."""
    with NpzWriter(tmp_path / "a.npz") as npz:
        with pytest.raises(ValueError, match="pickle"):
            npz.add("record", np.zeros(2, dtype=[("x", "f4"), ("o", "O")]))
        npz.add("byte", np.array([7], dtype=np.int8))
        npz.add("flag", np.array(True))
    np.savez_compressed(tmp_path / "numpy.npz", byte=np.array([7], dtype=np.int8), flag=np.array(True))
    assert members(tmp_path / "a.npz") == members(tmp_path / "numpy.npz")
