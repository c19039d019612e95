"""Next-token log-probabilities for many beams at once, reusing the model's key/value cache.

A search keeps B rows ("beams").  Each step it picks, for every new row, the row it extends
(``parent_rows``) and the token it appends; :meth:`KVCacheDecoder.extend` reorders the cached
keys and values to those parents and runs the model on the B new tokens only, in one call:

    decoder = KVCacheDecoder(model, prompt_ids)      # model: engine.hf.HFModel (generative)
    logp = decoder.start(rows=5)                     # (5, V): 5 copies of the prompt
    logp = decoder.extend(parents, tokens)           # (len(tokens), V)

Log-probabilities are float32 ``log_softmax`` of the last position's logits, as Hugging Face's
``generate`` computes them.

For engine.decoding's prefix interface (``step_fn(prefixes) -> log-probs``),
:meth:`KVCacheDecoder.prefix_step_function` maps each prefix to the cached row of the prefix
one token shorter, so greedy_search and beam_search run on the cache without changing their API.
"""
from __future__ import annotations

import inspect

import torch


def cache_argument(module) -> str:
    """The keyword a model's forward takes its cache by: "cache" (recent transformers) or
    "past_key_values" (older releases, deprecated in newer ones)."""
    return "cache" if "cache" in inspect.signature(module.forward).parameters else "past_key_values"


def returned_cache(output):
    cache = getattr(output, "cache", None)
    return cache if cache is not None else output.past_key_values


class KVCacheDecoder:
    """Decoder-only: the rows continue the prompt.  Encoder-decoder: the prompt is the source,
    encoded once; the rows continue the decoder start token."""

    def __init__(self, model, prompt_ids):
        if model.kind not in ("decoder", "encoder-decoder"):
            raise ValueError(f"{model.name} is an encoder-only model: it does not generate text")
        self.model = model
        self.module = model.module
        self.device = model.device
        self.prompt = torch.tensor([list(prompt_ids)], dtype=torch.long, device=self.device)
        self.cache = None
        self._cache_kw = cache_argument(self.module)
        self.length = 0  # tokens the cache holds per row (decoder side)
        self._encoder_hidden = None
        self._encoder_mask = None
        if model.kind == "encoder-decoder":
            mask = torch.ones_like(self.prompt)
            encoded = self.module.get_encoder()(input_ids=self.prompt, attention_mask=mask, return_dict=True)
            self._encoder_hidden = encoded.last_hidden_state  # (1, S, D)
            self._encoder_mask = mask

    @property
    def start_token(self) -> int:
        """The decoder's first input for encoder-decoder models."""
        return int(self.model.decoder_start_id)

    # ---- the two calls a search makes -------------------------------------------------
    @torch.inference_mode()
    def start(self, rows: int = 1, generated=None) -> torch.Tensor:
        """Run `rows` rows from scratch: the prompt (or decoder start) followed by `generated`
        ((rows, g) token ids, optional).  Fills the cache; -> (rows, V) log-probabilities."""
        extra = torch.as_tensor(generated if generated is not None else [[]] * rows,
                                dtype=torch.long, device=self.device).reshape(rows, -1)
        if self.model.kind == "decoder":
            ids = torch.cat([self.prompt.expand(rows, -1), extra], dim=1)
            out = self.module(input_ids=ids, attention_mask=torch.ones_like(ids), use_cache=True, return_dict=True)
        else:
            ids = torch.cat([torch.full((rows, 1), self.start_token, dtype=torch.long, device=self.device), extra],
                            dim=1)
            hidden, mask = self._expand_source(rows)
            out = self.module(encoder_outputs=(hidden,), attention_mask=mask, decoder_input_ids=ids,
                              use_cache=True, return_dict=True)
        self.cache = returned_cache(out)
        self.length = ids.size(1)
        return _last_logprobs(out.logits)

    @torch.inference_mode()
    def extend(self, parent_rows, tokens) -> torch.Tensor:
        """Row i continues cached row ``parent_rows[i]`` with ``tokens[i]``: one model call for
        all rows -> (len(tokens), V) log-probabilities."""
        if self.cache is None:
            raise RuntimeError("extend() before start()")
        parents = torch.as_tensor(parent_rows, dtype=torch.long, device=self.device).reshape(-1)
        new = torch.as_tensor(tokens, dtype=torch.long, device=self.device).reshape(-1, 1)
        self.cache.reorder_cache(parents)
        self.length += 1
        rows = new.size(0)
        if self.model.kind == "decoder":
            mask = torch.ones((rows, self.length), dtype=torch.long, device=self.device)
            out = self.module(input_ids=new, attention_mask=mask, use_cache=True, return_dict=True,
                              **{self._cache_kw: self.cache})
        else:
            hidden, mask = self._expand_source(rows)
            out = self.module(encoder_outputs=(hidden,), attention_mask=mask, decoder_input_ids=new,
                              use_cache=True, return_dict=True, **{self._cache_kw: self.cache})
        self.cache = returned_cache(out)
        return _last_logprobs(out.logits)

    def _expand_source(self, rows: int):
        # Every row reads the same source: repeat the one encoding (as generate does).
        return (self._encoder_hidden.repeat_interleave(rows, dim=0),
                self._encoder_mask.repeat_interleave(rows, dim=0))

    # ---- engine.decoding's interface ---------------------------------------------------
    def prefix_step_function(self):
        """step_fn(prefixes) for engine.decoding.greedy_search / beam_search.

        Each prefix is [placeholder BOS, generated tokens...].  When every prefix extends one
        of the previous call's prefixes by one token, the cache is reused (one call on the new
        tokens); otherwise (the first call, a forced prefix) the prefixes are run in full."""
        rows_of: dict[tuple, int] = {}

        def step(prefixes):
            keys = [tuple(int(t) for t in p) for p in prefixes]
            parents = [rows_of.get(k[:-1]) for k in keys]
            if rows_of and None not in parents:
                logp = self.extend(parents, [k[-1] for k in keys])
            else:
                logp = self.start(len(keys), [list(k[1:]) for k in keys])
            rows_of.clear()
            rows_of.update((k, i) for i, k in enumerate(keys))
            return logp

        return step


def _last_logprobs(logits: torch.Tensor) -> torch.Tensor:
    return torch.log_softmax(logits[:, -1, :].to(dtype=torch.float32), dim=-1)
