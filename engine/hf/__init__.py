"""Hugging Face checkpoints opened from a local folder (the optional ``[hf]`` extra).

    from engine.hf.model import load_hf_model
    model = load_hf_model("path/to/all-MiniLM-L6-v2", device="cpu")
    result = model.attention("The cat sat")          # HFAttentionResult (an AttentionResult)
    result.encoder_self.shape                         # (layers, heads, tokens, tokens)
    beams = model.beam("The cat", beam_width=5)       # HFBeamResult (decoder / encoder-decoder)

Modules: engine.hf.folder (checks a folder; no torch, no transformers), engine.hf.model
(loading, attention), engine.hf.kv_cache (one-call-per-step decoding on the key/value cache),
engine.hf.beam (generate's beam search with a trace), engine.hf.transforms (numpy only: merge
word pieces into words, hide special tokens, attention-sink mass).  Without transformers
installed everything imports; loading raises engine.ModelLoadError saying how to install it.
"""
