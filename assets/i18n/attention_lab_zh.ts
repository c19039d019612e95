<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnalogyTab</name>
    <message>
        <source>3CosAdd (most_similar)</source>
        <translation>3CosAdd（most_similar）</translation>
    </message>
    <message>
        <source>3CosMul (most_similar_cosmul)</source>
        <translation>3CosMul（most_similar_cosmul）</translation>
    </message>
    <message>
        <source>Formulas</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Show or hide the vectors&apos; norms and how the score is defined; folded, the table and the parallelogram take the room (the best answer&apos;s sum stays)</source>
        <translation>显示或隐藏各向量的范数和得分的定义；折叠后，表格和平行四边形占用这部分空间（最佳答案的算式保留）</translation>
    </message>
    <message>
        <source>a:</source>
        <translation>a：</translation>
    </message>
    <message>
        <source>is to b:</source>
        <translation>之于 b：</translation>
    </message>
    <message>
        <source>as c:</source>
        <translation>如同 c：</translation>
    </message>
    <message>
        <source>is to ?   Method:</source>
        <translation>之于 ?   方法：</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>word x</source>
        <translation>词 x</translation>
    </message>
    <message>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>‖e_{0}‖ = {3}, ‖e_{1}‖ = {4}, ‖e_{2}‖ = {5} ({6} words searched; {0}, {1}, {2} excluded)</source>
        <translation>‖e_{0}‖ = {3}，‖e_{1}‖ = {4}，‖e_{2}‖ = {5}（在 {6} 个词中搜索；{0}、{1}、{2} 本身除外）</translation>
    </message>
    <message>
        <source>q = ê_{1} − ê_{0} + ê_{2} (ê = e/‖e‖), ‖q‖ = {3};   score(x) = cos(e_x, q) = (cos(x, {1}) − cos(x, {0}) + cos(x, {2})) / ‖q‖</source>
        <translation>q = ê_{1} − ê_{0} + ê_{2}（ê = e/‖e‖），‖q‖ = {3}；   得分(x) = cos(e_x, q) = (cos(x, {1}) − cos(x, {0}) + cos(x, {2})) / ‖q‖</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt; = ({1} − {2} + {3}) / {4} = &lt;b&gt;{5}&lt;/b&gt;</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; = ({1} − {2} + {3}) / {4} = &lt;b&gt;{5}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>s(x, y) = (1 + cos(x, y)) / 2;   score(x) = s(x, {1}) · s(x, {2}) / (s(x, {0}) + 10⁻⁶)</source>
        <translation>s(x, y) = (1 + cos(x, y)) / 2；   得分(x) = s(x, {1}) · s(x, {2}) / (s(x, {0}) + 10⁻⁶)</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt; = {1} · {2} / ({3} + 10⁻⁶) = &lt;b&gt;{4}&lt;/b&gt;</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; = {1} · {2} / ({3} + 10⁻⁶) = &lt;b&gt;{4}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>PC1 ({0} % of the variance)</source>
        <translation>主成分 1（方差的 {0} %）</translation>
    </message>
    <message>
        <source>PC2 ({0} %)</source>
        <translation>主成分 2（{0} %）</translation>
    </message>
    <message>
        <source>PC1</source>
        <extracomment>below this many lines of text of room (the tab&apos;s scrolling page) the formulas open folded: at 22 pt on 1280×680 the page is about 15 lines tall, and the inputs, five lines of formulas and the sum left the table and parallelogram under seven (the page scrolled); at 11 pt it is about 26 lines</extracomment>
        <translation>主成分 1</translation>
    </message>
    <message>
        <source>PC2</source>
        <translation>主成分 2</translation>
    </message>
    <message>
        <source>3CosAdd</source>
        <translation>3CosAdd</translation>
    </message>
    <message>
        <source>3CosMul</source>
        <translation>3CosMul</translation>
    </message>
    <message>
        <source>{0} : {1} :: {2} : ? by {3} ({4})</source>
        <translation>类比推理 {0} : {1} :: {2} : ?，方法 {3}（{4}）</translation>
    </message>
</context>
<context>
    <name>AnalogyTestTab</name>
    <message>
        <source>Open test set…</source>
        <translation>打开测试集…</translation>
    </message>
    <message>
        <source>An analogy test set in the Google format: “: section” lines, then lines of four words a b c d meaning a : b :: c : d</source>
        <translation>Google 格式的类比测试集：先是“: 分节”行，然后每行四个词 a b c d，表示 a : b :: c : d</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>方法：</translation>
    </message>
    <message>
        <source>built in: the grammar&apos;s English verb forms</source>
        <translation>内置：语法中英文动词的各种形式</translation>
    </message>
    <message>
        <source>Open an analogy test set</source>
        <translation>打开类比测试集</translation>
    </message>
    <message>
        <source>Analogy test sets (*.txt);;All files (*)</source>
        <translation>类比测试集 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Total accuracy</source>
        <translation>总准确率</translation>
    </message>
    <message>
        <source>section</source>
        <translation>分节</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>已作答</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Questions skipped: a word outside the words searched</source>
        <translation>跳过的题目：有词不在搜索的词之中</translation>
    </message>
    <message>
        <source>{0}: {1} questions; {2} skipped for a word outside the first {3} words (as gensim does); the answer is the best of the 5 nearest candidates that is not a, b or c, case-insensitive</source>
        <translation>{0}：{1} 道题；{2} 道因含前 {3} 个词以外的词而跳过（与 gensim 相同）；答案是最近的 5 个候选词中不是 a、b、c 的最佳者，不区分大小写</translation>
    </message>
    <message>
        <source>Analogy test set {0}: {1} of {2} right ({3})</source>
        <translation>类比测试集 {0}：{2} 道中答对 {1} 道（{3}）</translation>
    </message>
</context>
<context>
    <name>AttentionControls</name>
    <message>
        <source>Encoder self-attention</source>
        <translation>编码器自注意力</translation>
    </message>
    <message>
        <source>Decoder masked self-attention</source>
        <translation>解码器掩码自注意力</translation>
    </message>
    <message>
        <source>Cross-attention (decoder → encoder)</source>
        <translation>交叉注意力（解码器 → 编码器）</translation>
    </message>
    <message>
        <source>Type a date in any format, e.g. 4 Nov 1988 or 2021年3月26日</source>
        <extracomment>the model changed</extracomment>
        <translation>输入任意格式的日期，例如 4 Nov 1988 或 2021年3月26日</translation>
    </message>
    <message>
        <source>Teacher forcing:</source>
        <translation>教师强制：</translation>
    </message>
    <message>
        <source>target to force, e.g. 2021-03-26</source>
        <translation>要强制的目标，例如 2021-03-26</translation>
    </message>
    <message>
        <source>0 … 1</source>
        <translation>0 … 1</translation>
    </message>
    <message>
        <source>fitted to the matrix</source>
        <translation>按矩阵自适应</translation>
    </message>
    <message>
        <source>Fitted: colours from 0 to the {0}th percentile of the weights shown, so that the small weights of a long input differ (larger weights get the top colour)</source>
        <translation>自适应：颜色从 0 到所显示权重的第 {0} 百分位数，使长输入中的小权重也能区分开（更大的权重显示为最高的颜色）</translation>
    </message>
    <message>
        <source>Attention:</source>
        <translation>注意力：</translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation>颜色：</translation>
    </message>
    <message>
        <source>Settings ▾</source>
        <translation>设置 ▾</translation>
    </message>
    <message>
        <source>Teacher forcing and the colour scale</source>
        <translation>教师强制和颜色刻度</translation>
    </message>
    <message>
        <source>Layer {0}</source>
        <translation>第 {0} 层</translation>
    </message>
    <message>
        <source>Head {0}</source>
        <translation>第 {0} 个头</translation>
    </message>
    <message>
        <source>Mean over heads</source>
        <translation>各头平均</translation>
    </message>
</context>
<context>
    <name>AttentionExplanation</name>
    <message>
        <source>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V
row i: αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k),  Σⱼ αᵢⱼ = 1</source>
        <translation>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V
第 i 行：αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k)，Σⱼ αᵢⱼ = 1</translation>
    </message>
    <message>
        <source>Each row of the heatmap is a query and each column a key: the query gives every key it may see a weight, and the weights of a row add up to 1. The query&apos;s result mixes the values with these weights. Sharp rows mean the query relies on one token; flat rows (high entropy) mean it spreads its attention.</source>
        <extracomment>the translation context of every text here (View.explanation translates TEXT and FORMULA)</extracomment>
        <translation>热力图的每一行是一个查询，每一列是一个键：查询给它能看到的每个键一个权重，一行的权重之和为 1。查询的结果就是用这些权重对值加权求和。尖锐的行表示该查询依赖某一个词元；平坦的行（熵高）表示它的注意力是分散的。</translation>
    </message>
    <message>
        <source>On screen: encoder self-attention. Every input token (a row) attends to every input token (a column), itself included: Q, K and V all come from the encoder&apos;s input.</source>
        <extracomment>what is on screen, by attention kind (named as the selector names it)</extracomment>
        <translation>当前显示：编码器自注意力。每个输入词元（一行）关注每个输入词元（一列），包括它自己：Q、K 和 V 都来自编码器的输入。</translation>
    </message>
    <message>
        <source>On screen: decoder masked self-attention. The rows are the decoder&apos;s inputs ⟨s⟩ y₁ … y_{T−1} (each position reads the token written before it), and each attends only to itself and the positions before it: the cells above the diagonal are masked, because those tokens are not written yet.</source>
        <translation>当前显示：解码器掩码自注意力。各行是解码器的输入 ⟨s⟩ y₁ … y_{T−1}（每个位置读入它前面刚写出的词元），每一行只关注它自己和它之前的位置：对角线以上的单元格被掩码，因为那些词元还没有写出来。</translation>
    </message>
    <message>
        <source>On screen: cross-attention (decoder → encoder). While it writes each output token (a row), the decoder&apos;s query attends to every input token (a column): Q comes from the decoder, K and V from the encoder.</source>
        <translation>当前显示：交叉注意力（解码器 → 编码器）。解码器每写出一个输出词元（一行），它的查询都会关注每个输入词元（一列）：Q 来自解码器，K 和 V 来自编码器。</translation>
    </message>
    <message>
        <source>On screen: decoder masked self-attention. Each token (a row) attends only to itself and the tokens before it (the columns): the cells above the diagonal are masked, because a decoder never sees the tokens after the one it reads.</source>
        <extracomment>a Hugging Face model&apos;s decoder self-attention: its rows are the prompt&apos;s or the decoder&apos;s tokens, not necessarily ⟨s⟩ y₁ … y_{T−1}</extracomment>
        <translation>当前显示：解码器掩码自注意力。每个词元（一行）只关注它自己和它之前的词元（各列）：对角线以上的单元格被掩码，因为解码器永远看不到它正在读的词元之后的词元。</translation>
    </message>
    <message>
        <source>On screen: the additive (Bahdanau) attention of an LSTM decoder. The query of output step t (a row) is the decoder&apos;s previous state s⟨t−1⟩, the keys are the encoder states a⟨t′⟩ (the columns), and a small network compares them instead of a dot product; there are no layers or heads. Why the tanh matters: without it, W[s⟨t−1⟩; a⟨t′⟩] = W_s s⟨t−1⟩ + W_a a⟨t′⟩, and the term vᵀW_s s⟨t−1⟩ is the same for every t′, so it cancels in the softmax: the weights could not depend on the decoder&apos;s state, only on the input. The tanh mixes the two before v reads them.</source>
        <translation>当前显示：LSTM 解码器的加性（Bahdanau）注意力。输出第 t 步（一行）的查询是解码器的前一个状态 s⟨t−1⟩，键是编码器状态 a⟨t′⟩（各列），由一个小网络而不是点积来比较它们；这里没有多层或多头。tanh 为什么重要：没有它，W[s⟨t−1⟩; a⟨t′⟩] = W_s s⟨t−1⟩ + W_a a⟨t′⟩，而 vᵀW_s s⟨t−1⟩ 这一项对每个 t′ 都相同，在 softmax 中被约掉：权重就无法依赖解码器的状态，只能依赖输入。tanh 先把两者混合，再由 v 读出。</translation>
    </message>
    <message>
        <source>For the word model the view also reads its cross-attention (the mean over layers and heads): a source word whose weights, summed over the output words, come to less than 0.3 is flagged as dropped, and an output word whose most-attended source word is one the model cannot read (⟨?⟩) as invented. Attention is not alignment: these are warnings, not proofs.</source>
        <extracomment>the domain rule of the word model (engine.domain; docs/attention.md, &quot;Domain honesty&quot;)</extracomment>
        <translation>对于词级模型，本视图还会读取它的交叉注意力（各层各头的平均）：某个源词得到的权重在所有输出词上求和不到 0.3，就标记为被遗漏；某个输出词最关注的源词是模型读不懂的词（⟨?⟩），就标记为凭空捏造。注意力不等于对齐：这些是警告，不是证明。</translation>
    </message>
    <message>
        <source>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V,  Q, K, V from the input tokens
row i: αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k),  Σⱼ αᵢⱼ = 1</source>
        <translation>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V，Q、K、V 来自输入词元
第 i 行：αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k)，Σⱼ αᵢⱼ = 1</translation>
    </message>
    <message>
        <source>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k + M) V,  Q, K, V from the decoder inputs
M = 0 for j ≤ i and −∞ for j &gt; i:  αᵢⱼ = 0 for j &gt; i,  Σⱼ≤ᵢ αᵢⱼ = 1</source>
        <translation>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k + M) V，Q、K、V 来自解码器输入
j ≤ i 时 M = 0，j &gt; i 时 M = −∞：j &gt; i 时 αᵢⱼ = 0，Σⱼ≤ᵢ αᵢⱼ = 1</translation>
    </message>
    <message>
        <source>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V,  Q from the decoder, K and V from the encoder
row i: αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k),  Σⱼ αᵢⱼ = 1</source>
        <translation>Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V，Q 来自解码器，K 和 V 来自编码器
第 i 行：αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k)，Σⱼ αᵢⱼ = 1</translation>
    </message>
    <message>
        <source>Attention(Q, K, V) = softmax(Q Kᵀ + B) V   (T5: no division by √d_k)
B: a learnt relative-position bias in self-attention (and −∞ above the diagonal in the decoder&apos;s), 0 in cross-attention</source>
        <translation>Attention(Q, K, V) = softmax(Q Kᵀ + B) V   （T5：不除以 √d_k）
B：自注意力中是学得的相对位置偏置（解码器自注意力中对角线以上还加上 −∞），交叉注意力中为 0</translation>
    </message>
    <message>
        <source>e⟨t,t′⟩ = vᵀ · tanh(W [s⟨t−1⟩; a⟨t′⟩] + b)
α⟨t,t′⟩ = exp(e⟨t,t′⟩) / Σₜ″ exp(e⟨t,t″⟩)   (softmax over t′),  Σₜ′ α⟨t,t′⟩ = 1
context⟨t⟩ = Σₜ′ α⟨t,t′⟩ a⟨t′⟩</source>
        <translation>e⟨t,t′⟩ = vᵀ · tanh(W [s⟨t−1⟩; a⟨t′⟩] + b)
α⟨t,t′⟩ = exp(e⟨t,t′⟩) / Σₜ″ exp(e⟨t,t″⟩)   （对 t′ 做 softmax），Σₜ′ α⟨t,t′⟩ = 1
context⟨t⟩ = Σₜ′ α⟨t,t′⟩ a⟨t′⟩</translation>
    </message>
</context>
<context>
    <name>AttentionHeatmap</name>
    <message>
        <source>query</source>
        <extracomment>pixels left between two drawn labels on the bottom axis what the labels were last chosen for (labels, range, pixels, font): the view&apos;s range and size signals and the heatmap&apos;s own calls ask several times per redraw (font, {label: pixels}): a keystroke changes a token or two, the rest were measured True while the heatmap changes labels and range together: one choice afterwards instead of one for the new labels at the old range and another at the new range an RGBA pixel&apos;s alpha byte at 255, the colour bytes 0, read as one uint32 (either byte order) the hatch&apos;s colours (alpha 0) as uint32 pixels, the largest asked for so far (hatch_overlay) a causal mask (True above the diagonal) as large as any asked for so far (_causal_mask) (pixels per cell, the hatch of the largest causal mask made at that scale): the last scale only (row, column, value) under the mouse; row -1 when the mouse leaves the matrix a query row was clicked</extracomment>
        <translation>查询</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>query &apos;{0}&apos; ({1}) → key &apos;{2}&apos; ({3}): {4}</source>
        <translation>查询 &apos;{0}&apos; ({1}) → 键 &apos;{2}&apos; ({3})：{4}</translation>
    </message>
    <message>
        <source>  (masked: a future position)</source>
        <translation>  （已掩码：未来位置）</translation>
    </message>
</context>
<context>
    <name>AttentionOverview</name>
    <message>
        <source>layer {0}</source>
        <extracomment>caption size relative to the application&apos;s text the least side of a tile on screen, in lines of the application&apos;s text and in pixels (2 px a token for the date models&apos; 16 × 16; a 3-line minimum made the date models&apos; grid scroll at 22 pt even on a 1920×1040 screen): MiniLM&apos;s 6 layers × 13 tiles squeezed into a side panel had no height at all. A grid larger than the widget scrolls (see minimum_grid_size); the date models&apos; 2 × 5 tiles still fit the side panel at 22 pt on a 1920×1040 screen.</extracomment>
        <translation>第 {0} 层</translation>
    </message>
</context>
<context>
    <name>AttentionView</name>
    <message>
        <source>additive attention</source>
        <extracomment>the RNN has one additive attention, not layers and heads</extracomment>
        <translation>加性注意力</translation>
    </message>
    <message>
        <source>Attention</source>
        <extracomment>stacks of the shipped models up to this many weights get their overview (tiles, entropies) with every result, shown or not (a few thousand weights, milliseconds of work); larger ones, and a Hugging Face model&apos;s at any length, only while the &quot;All heads&quot; tab is shown: drawing MiniLM&apos;s 78 tiles and captions for a 16-token input took the GUI thread more than its whole keystroke&apos;s heatmap did, for a tab nobody looked at. Both are computed in the bridge&apos;s background worker, after the heatmap is on screen. the bridge&apos;s background worker of the toggles&apos; own (its channels below): a toggle clicked while the overview&apos;s summary ran waited for it (55-115 ms at 512 tokens with &quot;All heads&quot; shown), and the toggles&apos; memory is per thread (engine.hf.toggles.reserve) a Hugging Face layer with the word-piece toggles applied (engine.hf.toggles.shown_layer) the same for the toggles not on, computed ahead while the user pauses (see _compute_ahead) how long a Hugging Face result stays on screen, no key pressed, before the layer shown is computed with the other toggles (a pause, not a burst of typing: the work runs beside the next keystroke&apos;s forward pass otherwise) the background worker&apos;s memory for toggled layers (engine.hf.toggles.reserve), asked for once a Hugging Face result is longer than any before: its answer draws nothing, so no loop waits on it that memory is reserved for inputs up to the next multiple of this many tokens: typing a long text from the start asks for it a few times, not at every keystroke the least width of a Hugging Face model&apos;s output strip, in ems (see AttentionView._fit_output): 500 px at 22 pt leave the sinks, Row &amp; heads and Export their room in a 1280 px window</extracomment>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Selected row</source>
        <extracomment>the heatmap&apos;s least height in text lines: 8 at 22 pt (296 px) hold a date&apos;s ten output rows at one tick label each, and leave the controls the rest of a 580 px page the overview grid now shows the current result, kind and toggles. It comes after the `updated` of the result (which means the heatmap, the output, the selected row and the sink line are up to date): the overview is computed in the background worker. the model the layer and head were chosen for (None: keep them for the next one, as after a session is restored); another model opens on its own last layer the heatmap and the row chart wait for the toggled layer from the background worker (the previous picture stays until it comes)</extracomment>
        <translation>所选行</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>所有注意力头</translation>
    </message>
    <message>
        <source>Row &amp;&amp; heads</source>
        <extracomment>the overview loop&apos;s own messages (a summary that failed), under the side tabs</extracomment>
        <translation>所选行与各头</translation>
    </message>
    <message>
        <source>Show or hide the side panel: the selected row&apos;s weights and the grid of all heads</source>
        <translation>显示或隐藏侧栏：所选行的权重和所有注意力头的网格</translation>
    </message>
    <message>
        <source>Hover over a cell to read its weight; click a row to inspect it.</source>
        <translation>将鼠标悬停在单元格上可读取权重；点击某一行可查看详情。</translation>
    </message>
    <message>
        <source>Type some text to see its attention.</source>
        <translation>输入一些文本，查看它的注意力。</translation>
    </message>
    <message>
        <source>Type a date to see the model translate it.</source>
        <translation>输入一个日期，看模型如何翻译它。</translation>
    </message>
    <message>
        <source>forced:</source>
        <translation>强制：</translation>
    </message>
    <message>
        <source>output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>head {0}</source>
        <translation>第 {0} 个头</translation>
    </message>
    <message>
        <source>{0} · H={1} bits</source>
        <translation>{0} · H={1} 比特</translation>
    </message>
    <message>
        <source>query (input)</source>
        <translation>查询（输入）</translation>
    </message>
    <message>
        <source>key (input)</source>
        <translation>键（输入）</translation>
    </message>
    <message>
        <source>query (decoder input)</source>
        <translation>查询（解码器输入）</translation>
    </message>
    <message>
        <source>key (decoder input)</source>
        <translation>键（解码器输入）</translation>
    </message>
    <message>
        <source>output step</source>
        <translation>输出步</translation>
    </message>
    <message>
        <source>query (producing output)</source>
        <translation>查询（生成输出）</translation>
    </message>
    <message>
        <source>attention weight (0 … 1)</source>
        <translation>注意力权重（0 … 1）</translation>
    </message>
    <message>
        <source>attention weight (0 … {0}: {1}th percentile of this matrix)</source>
        <translation>注意力权重（0 … {0}：该矩阵的第 {1} 百分位数）</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
    <message>
        <source>mean over heads</source>
        <translation>各头平均</translation>
    </message>
    <message>
        <source>{0} · {1} · layer {2} · {3} · input “{4}”</source>
        <translation>{0} · {1} · 第 {2} 层 · {3} · 输入“{4}”</translation>
    </message>
    <message>
        <source>Not in the model&apos;s {0} (read as ⟨?⟩): {1}</source>
        <translation>不在模型的{0}中（读作 ⟨?⟩）：{1}</translation>
    </message>
</context>
<context>
    <name>BeamExplanation</name>
    <message>
        <source>Beam search keeps the B best partial outputs (beams) at every step instead of only the single best token (greedy search). Each beam is extended by every token, the candidates are ranked by their log-probability, and only the top B survive. Finished hypotheses are compared by their score; length normalisation divides by a power of the length so that short outputs are not favoured just for having fewer factors.</source>
        <translation>束搜索（又称集束搜索）在每一步保留 B 个最好的部分输出（束），而不像贪心搜索那样只保留一个最好的词元。每个束都用所有词元扩展，候选按对数概率排序，只有前 B 个保留下来。已完成的假设按得分比较；长度归一化除以长度的某个幂，使短输出不会仅仅因为连乘的因子少而占便宜。</translation>
    </message>
    <message>
        <source>log P(y₁…y_t | x) = Σₛ log p(yₛ | y₁…yₛ₋₁, x)
score(y) = log P(y | x) / L^α   (L: length, α: length penalty)</source>
        <translation>log P(y₁…y_t | x) = Σₛ log p(yₛ | y₁…yₛ₋₁, x)
得分(y) = log P(y | x) / L^α   （L：长度，α：长度归一化指数）</translation>
    </message>
</context>
<context>
    <name>BeamText</name>
    <message>
        <source>✗ not a real date</source>
        <translation>✗ 不是真实的日期</translation>
    </message>
</context>
<context>
    <name>BeamTree</name>
    <message>
        <source>Start of the output: every hypothesis begins with ⟨s⟩.
Click to see the distribution of the first token.</source>
        <extracomment>Qt&apos;s translation, by a short name (pyside6-lupdate reads translate(context, text) calls) the legend under the step buttons and the node panel&apos;s bars use the tree&apos;s colours &quot;All candidates&quot; draws at most this many boxes: B=64 over the date vocabulary has 72,000 candidates, whose boxes held 300 MB and took seconds to build; past the limit the best-ranked candidates of each step are drawn (`candidates_left_out` says how many are not). The considered candidates are always drawn (at most 2B per step). 2,000 boxes take about 70 ms of GUI thread to build and paint on a busy 2-core machine (3,000 took 105 ms, and with the rest of the beam view&apos;s drawing the soak&apos;s 200 ms limit was reached) below this height on screen a box&apos;s first line is drawn as colour only (no text) True while the user steps through the search: framing keeps the newest column in sight (else it starts at ⟨s⟩) (top, bottom) of each step&apos;s laid-out boxes, and the height of the step headers above</extracomment>
        <translation>输出的开头：每个假设都以 ⟨s⟩ 开始。
点击查看第一个词元的分布。</translation>
    </message>
    <message>
        <source>cut</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>step {0}</source>
        <translation>第 {0} 步</translation>
    </message>
    <message>
        <source>Token &apos;{0}&apos; at step {1}, rank {2} of this step&apos;s candidates</source>
        <translation>词元 &apos;{0}&apos;，第 {1} 步，在本步候选中排第 {2}</translation>
    </message>
    <message>
        <source>p(token | prefix) = {0}   log p = {1}</source>
        <translation>p(词元 | 前缀) = {0}   log p = {1}</translation>
    </message>
    <message>
        <source>log P = {0} (parent) + {1} = {2}</source>
        <translation>log P = {0}（父节点）+ {1} = {2}</translation>
    </message>
    <message>
        <source>score if it ended here = {0} / {1} = {2}  (L = {3})</source>
        <translation>若在此结束的得分 = {0} / {1} = {2}  (L = {3})</translation>
    </message>
    <message>
        <source>kept: one of the B = {0} best live beams, it is extended at the next step</source>
        <translation>保留：B = {0} 个最好的活跃束之一，下一步继续扩展</translation>
    </message>
    <message>
        <source>finished: ⟨/s⟩ within the top B = {0}, ranked by its score</source>
        <translation>完成：⟨/s⟩ 进入前 B = {0} 名，按得分排序</translation>
    </message>
    <message>
        <source>pruned: not among the B = {0} beams the search keeps</source>
        <translation>剪枝：不在搜索保留的 B = {0} 个束之中</translation>
    </message>
    <message>
        <source>forced: this token was imposed (what if)</source>
        <translation>强制：这个词元是强加的（强制试改）</translation>
    </message>
    <message>
        <source> (not even among the 2B candidates considered)</source>
        <translation>（甚至不在考虑的 2B 个候选之中）</translation>
    </message>
    <message>
        <source>ends hypothesis #{0} of the n-best list</source>
        <translation>结束 n-best 列表中的第 {0} 个假设</translation>
    </message>
    <message>
        <source>{0}: this output names no day of the calendar</source>
        <translation>{0}：这个输出不是日历上存在的任何一天</translation>
    </message>
</context>
<context>
    <name>BeamView</name>
    <message>
        <source>Beam search</source>
        <translation>束搜索</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Search or model?</source>
        <translation>搜索还是模型？</translation>
    </message>
    <message>
        <source>n-best</source>
        <translation>n-best 列表</translation>
    </message>
    <message>
        <source>Node: next token, attention, what if</source>
        <translation>节点：下一个词元、注意力、强制试改</translation>
    </message>
    <message>
        <source>Error analysis: search or model?</source>
        <translation>错误分析：搜索还是模型？</translation>
    </message>
    <message>
        <source>n-best list, why the search stopped, the score arithmetic</source>
        <translation>n-best 列表、搜索为何停止、得分的算式</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Show or hide the side panel: the node, search-or-model and n-best tabs</source>
        <translation>显示或隐藏侧栏：节点、“搜索还是模型？”和 n-best 标签页</translation>
    </message>
    <message>
        <source>Type a prompt to see the search.</source>
        <translation>输入一个提示，查看搜索过程。</translation>
    </message>
    <message>
        <source>Type a date to see the search.</source>
        <translation>输入一个日期以查看搜索过程。</translation>
    </message>
    <message>
        <source>Hugging Face models search with generate&apos;s length penalty, log P / L^α: choose it (or none) under Length normalisation.</source>
        <translation>Hugging Face 模型使用 generate 的长度归一化 log P / L^α 进行搜索：请在“长度归一化”中选择它（或“无”）。</translation>
    </message>
    <message>
        <source>Beam (B={0}, Hugging Face generate&apos;s rules): &lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt; &lt;small&gt;log P {2} · score {3}&lt;/small&gt;</source>
        <extracomment>the outcome&apos;s most lines over the tree: at 22 pt beside the lecture panel the paragraph comparing beam and greedy took four and left the tree 35 % of the window (40 % asked)</extracomment>
        <translation>束搜索（B={0}，Hugging Face generate 的规则）：&lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt; &lt;small&gt;log P {2} · 得分 {3}&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Beam (B={0}) and greedy agree: &lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt; &lt;small&gt;log&amp;nbsp;P&amp;nbsp;{2}&amp;nbsp;·&amp;nbsp;score&amp;nbsp;{3}&lt;/small&gt;</source>
        <translation>束搜索 (B={0}) 与贪心输出相同：&lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt; &lt;small&gt;log&amp;nbsp;P&amp;nbsp;{2}&amp;nbsp;·&amp;nbsp;得分&amp;nbsp;{3}&lt;/small&gt;</translation>
    </message>
    <message>
        <source>same output</source>
        <translation>输出相同</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:{0}&apos;&gt;different: greedy commits to one token at a time&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:{0}&apos;&gt;不同：贪心搜索每次只认定一个词元&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Beam (B={0}): &lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt;</source>
        <translation>束搜索 (B={0})：&lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Greedy: &lt;b style=&apos;font-family:monospace&apos;&gt;{0}&lt;/b&gt;</source>
        <translation>贪&amp;#8288;心：&lt;b style=&apos;font-family:monospace&apos;&gt;{0}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;small&gt;log&amp;nbsp;P&amp;nbsp;{0}&amp;nbsp;·&amp;nbsp;score&amp;nbsp;{1}&lt;/small&gt;</source>
        <translation>&lt;small&gt;log&amp;nbsp;P&amp;nbsp;{0}&amp;nbsp;·&amp;nbsp;得分&amp;nbsp;{1}&lt;/small&gt;</translation>
    </message>
    <message>
        <source>&lt;small&gt;log&amp;nbsp;P&amp;nbsp;{0}&lt;/small&gt;</source>
        <translation>&lt;small&gt;log&amp;nbsp;P&amp;nbsp;{0}&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Node inspection and what-if forcing are for the shipped models; the tree and the n-best list show this model&apos;s search.</source>
        <translation>节点查看和强制试改只适用于随附的模型；树和 n-best 列表显示的是此模型的搜索。</translation>
    </message>
    <message>
        <source>Click a node of the tree.</source>
        <translation>点击树中的一个节点。</translation>
    </message>
    <message>
        <source>Next token after ⟨s⟩{0} ({1}, input &apos;{2}&apos;)</source>
        <translation>⟨s⟩{0} 之后的下一个词元（{1}，输入 &apos;{2}&apos;）</translation>
    </message>
    <message>
        <source>What-if forcing is for the shipped models.</source>
        <translation>强制试改只适用于随附的模型。</translation>
    </message>
    <message>
        <source>Inspect a node first, then force a next token.</source>
        <translation>先查看一个节点，再强制下一个词元。</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
    <message>
        <source>, α = {0:g}</source>
        <translation>，α = {0:g}</translation>
    </message>
    <message>
        <source>{0} · input “{1}” · B={2} · length penalty {3}</source>
        <translation>{0} · 输入“{1}” · B={2} · 长度归一化 {3}</translation>
    </message>
    <message>
        <source> · what if: forced ⟨s⟩{0}</source>
        <translation> · 强制试改：强制 ⟨s⟩{0}</translation>
    </message>
    <message>
        <source>Not in the model&apos;s {0} (read as {1}): {2}</source>
        <translation>不在模型的{0}中（读作 {1}）：{2}</translation>
    </message>
    <message>
        <source>What if</source>
        <extracomment>the tree&apos;s least height in text lines: 7 at 22 pt (259 px) hold ⟨s⟩, the best path and a few of its rivals (the tree scrolls), and leave the controls the rest of a 580 px page a distribution of up to this many tokens (the date models&apos; 15) is sent whole; a larger one (zh-en-toy&apos;s 356 words) as its TOP_K most probable tokens and &quot;other&quot; the BeamAnalysis drawn (the &quot;beam&quot; loop&apos;s latest answer, once show_analysis has drawn it) (steps to reveal, None for all) once the search on its way is drawn; None: nothing pending</extracomment>
        <translation>强制试改</translation>
    </message>
    <message>
        <source>Beam (B={0}): &lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt; &lt;small&gt;log&amp;nbsp;P&amp;nbsp;{2}&amp;nbsp;·&amp;nbsp;score&amp;nbsp;{3}&lt;/small&gt; &amp;nbsp; Greedy: &lt;b style=&apos;font-family:monospace&apos;&gt;{4}&lt;/b&gt; &lt;small&gt;log&amp;nbsp;P&amp;nbsp;{5}&amp;nbsp;·&amp;nbsp;score&amp;nbsp;{6}&lt;/small&gt; &amp;nbsp; &lt;small&gt;{7}&lt;/small&gt;</source>
        <translation>束搜索 (B={0})：&lt;b style=&apos;font-family:monospace&apos;&gt;{1}&lt;/b&gt; &lt;small&gt;log&amp;nbsp;P&amp;nbsp;{2}&amp;nbsp;·&amp;nbsp;得分&amp;nbsp;{3}&lt;/small&gt; &amp;nbsp; 贪&amp;#8288;心：&lt;b style=&apos;font-family:monospace&apos;&gt;{4}&lt;/b&gt; &lt;small&gt;log&amp;nbsp;P&amp;nbsp;{5}&amp;nbsp;·&amp;nbsp;得分&amp;nbsp;{6}&lt;/small&gt; &amp;nbsp; &lt;small&gt;{7}&lt;/small&gt;</translation>
    </message>
    <message>
        <source>: its {0} most probable tokens, the other {1} as one</source>
        <translation>：概率最高的 {0} 个词元，其余 {1} 个合为一项</translation>
    </message>
    <message>
        <source>other ({0})</source>
        <translation>其他（{0}）</translation>
    </message>
</context>
<context>
    <name>BleuControls</name>
    <message>
        <source>exp (default)</source>
        <translation>exp（默认）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>floor (ε = 0.1)</source>
        <translation>floor（ε = 0.1）</translation>
    </message>
    <message>
        <source>add-k (k = 1)</source>
        <translation>add-k（k = 1）</translation>
    </message>
    <message>
        <source>13a (mteval)</source>
        <translation>13a (mteval)</translation>
    </message>
    <message>
        <source>whitespace</source>
        <translation>空白</translation>
    </message>
    <message>
        <source>The candidate translation</source>
        <translation>候选译文</translation>
    </message>
    <message>
        <source>One reference translation per line</source>
        <translation>每行一条参考译文</translation>
    </message>
    <message>
        <source>13a: punctuation becomes separate tokens, as in WMT&apos;s mteval-v13a; whitespace: split on spaces only</source>
        <translation>13a：标点成为单独的词元，与 WMT 的 mteval-v13a 相同；空白：只按空格切分</translation>
    </message>
    <message>
        <source>effective order</source>
        <translation>有效阶数</translation>
    </message>
    <message>
        <source>Use only the orders n the candidate has n-grams of (sacrebleu&apos;s sentence_bleu default)</source>
        <translation>只使用候选中存在 n 元组的阶数 n（sacrebleu 的 sentence_bleu 默认设置）</translation>
    </message>
    <message>
        <source>lowercase</source>
        <translation>小写</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Candidate:</source>
        <translation>候选：</translation>
    </message>
    <message>
        <source>References
(one per line):</source>
        <translation>参考译文
（每行一条）：</translation>
    </message>
    <message>
        <source>Smoothing:</source>
        <translation>平滑：</translation>
    </message>
    <message>
        <source>Tokenisation:</source>
        <translation>分词：</translation>
    </message>
    <message>
        <source>Max n:</source>
        <translation>最大 n：</translation>
    </message>
</context>
<context>
    <name>BleuExplanation</name>
    <message>
        <source>BLEU compares a candidate translation with reference translations. For n = 1 to 4 it counts the candidate&apos;s n-grams that also occur in a reference (each clipped to the most times it occurs in one reference), takes the geometric mean of these precisions, and multiplies by a brevity penalty so that a very short candidate cannot score well.</source>
        <translation>BLEU 把候选译文与参考译文比较。对 n = 1 到 4，它统计候选中也出现在参考译文里的 n 元组（每个的计数截断到它在单条参考译文中出现的最多次数），取这些精确率的几何平均，再乘以简短惩罚，使过短的候选无法得到高分。</translation>
    </message>
    <message>
        <source>BLEU = BP · exp(Σₙ ¼ log pₙ)
BP = 1 if c &gt; r, else exp(1 − r/c)   (c: candidate length, r: reference length)</source>
        <translation>BLEU = BP · exp(Σₙ ¼ log pₙ)
若 c &gt; r 则 BP = 1，否则 BP = exp(1 − r/c)   （c：候选长度，r：参考长度）</translation>
    </message>
</context>
<context>
    <name>BleuPresets</name>
    <message>
        <source>Clipping: “the the the the the the the”</source>
        <translation>截断计数：“the the the the the the the”</translation>
    </message>
    <message>
        <source>Case: the same against capitalised references</source>
        <translation>大小写：同一候选对照首字母大写的参考译文</translation>
    </message>
    <message>
        <source>BLEU compares words exactly: “The” is not “the”, so only the “the” of “on the mat” matches (1/7). Tick “lowercase” (sacrebleu&apos;s lowercase=True) to get 2/7 again.</source>
        <translation>BLEU 逐字精确比较：“The”不等于“the”，所以只有“on the mat”中的“the”匹配（1/7）。勾选“小写”（sacrebleu 的 lowercase=True）即可重新得到 2/7。</translation>
    </message>
    <message>
        <source>Bigrams: “The cat the cat on the mat”</source>
        <translation>二元组：“The cat the cat on the mat”</translation>
    </message>
    <message>
        <source>Lowercased, the bigram precision is 4/6: “the cat” occurs twice but is clipped to 1, “cat the” matches nothing. The course notes print this candidate as “…on the cat”; that sentence gives 3/6 (a third “the cat” the clip cannot count). The sentence here is the correct one.</source>
        <translation>转为小写后二元精确率为 4/6：“the cat”出现两次但截断为 1，“cat the”没有匹配。课程讲义把这个候选印成了“…on the cat”；那句话得到 3/6（第三个“the cat”无法被截断计数计入）。这里的句子才是正确的。</translation>
    </message>
    <message>
        <source>Bigrams as printed in the course notes (“…on the cat”)</source>
        <translation>讲义中印出的二元组例子（“…on the cat”）</translation>
    </message>
    <message>
        <source>The course notes&apos; misprint: with “…on the cat” the bigram precision is 3/6, not 4/6, because “the cat” now occurs three times and is still clipped to 1.</source>
        <translation>讲义的印刷错误：用“…on the cat”时二元精确率是 3/6 而不是 4/6，因为“the cat”现在出现三次，仍被截断为 1。</translation>
    </message>
    <message>
        <source>“the” occurs 7 times in the candidate but at most 2 times in any one reference, so it is clipped to 2: unigram precision 2/7. sacrebleu&apos;s default sentence BLEU is 7.81.</source>
        <translation>“the”在候选中出现 7 次，但在任何一条参考译文中最多出现 2 次，因此截断为 2：一元精确率为 2/7。sacrebleu 默认的句子级 BLEU 为 7.81。</translation>
    </message>
</context>
<context>
    <name>BleuView</name>
    <message>
        <source>BLEU</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>Type at least one reference translation (one per line).</source>
        <translation>请至少输入一条参考译文（每行一条）。</translation>
    </message>
    <message>
        <source>BLEU of “{0}” against {1}</source>
        <translation>“{0}”相对于 {1} 的 BLEU</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
</context>
<context>
    <name>CodeLengthsTab</name>
    <message>
        <source>A Huffman code gives likely outcomes short codewords. Its average length L is never below the entropy H and always less than H + 1 bit. A fixed-length code spends ⌈log₂ n⌉ bits on every outcome, however likely.</source>
        <translation>哈夫曼编码给可能性大的结果分配短码字。它的平均码长 L 从不低于熵 H，且总是小于 H + 1 比特。定长编码则不论结果多么可能，都为每个结果花费 ⌈log₂ n⌉ 比特。</translation>
    </message>
    <message>
        <source>ideal −log₂ p</source>
        <translation>理想长度 −log₂ p</translation>
    </message>
    <message>
        <source>Huffman length</source>
        <translation>哈夫曼码长</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>比特</translation>
    </message>
    <message>
        <source>H(P) = {0} &amp;nbsp;≤&amp;nbsp; L&lt;sub&gt;Huffman&lt;/sub&gt; = {1} &amp;nbsp;&amp;lt;&amp;nbsp; H(P) + 1 = {2} &amp;nbsp; {3}&lt;br&gt;Fixed-length code: ⌈log₂ {4}⌉ = {5} per outcome, L&lt;sub&gt;fixed&lt;/sub&gt; = {5}</source>
        <translation>H(P) = {0} &amp;nbsp;≤&amp;nbsp; L&lt;sub&gt;哈夫曼&lt;/sub&gt; = {1} &amp;nbsp;&amp;lt;&amp;nbsp; H(P) + 1 = {2} &amp;nbsp; {3}&lt;br&gt;定长编码：每个结果 ⌈log₂ {4}⌉ = {5}，L&lt;sub&gt;定长&lt;/sub&gt; = {5}</translation>
    </message>
    <message>
        <source>A Huffman code built for Q has no codeword for an outcome that P produces: on data from P its average length is ∞, like H(P,Q).</source>
        <translation>为 Q 构建的哈夫曼编码对 P 会产生的某个结果没有码字：在来自 P 的数据上，它的平均码长为 ∞，与 H(P,Q) 一样。</translation>
    </message>
    <message>
        <source>A Huffman code built for Q, used on data from P, averages {0} per outcome; the cross-entropy H(P,Q) = {1} is its ideal counterpart.</source>
        <translation>为 Q 构建的哈夫曼编码用在来自 P 的数据上，平均每个结果 {0}；交叉熵 H(P,Q) = {1} 是它的理想对应值。</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Huffman</source>
        <translation>哈夫曼</translation>
    </message>
    <message>
        <source>Huffman bits</source>
        <translation>哈夫曼比特数</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>定长</translation>
    </message>
    <message>
        <source>fixed bits</source>
        <translation>定长比特数</translation>
    </message>
    <message>
        <source>probability under P</source>
        <translation>P 下的概率</translation>
    </message>
    <message>
        <source>the length an ideal code would give (bits)</source>
        <translation>理想编码给出的长度（比特）</translation>
    </message>
    <message>
        <source>Huffman codeword; outcomes with p = 0 never occur and get none</source>
        <translation>哈夫曼码字；p = 0 的结果从不出现，因此没有码字</translation>
    </message>
    <message>
        <source>length of the Huffman codeword</source>
        <translation>哈夫曼码字的长度</translation>
    </message>
    <message>
        <source>fixed-length codeword</source>
        <translation>定长码字</translation>
    </message>
    <message>
        <source>length of the fixed-length codeword: ⌈log₂ n⌉</source>
        <translation>定长码字的长度：⌈log₂ n⌉</translation>
    </message>
    <message>
        <source>(empty: 0 bits)</source>
        <translation>（空：0 比特）</translation>
    </message>
    <message>
        <source>fixed-length code: {0}</source>
        <translation>定长编码：{0}</translation>
    </message>
</context>
<context>
    <name>ContinuationsPanel</name>
    <message>
        <source>next token w</source>
        <translation>下一个词元 w</translation>
    </message>
    <message>
        <source>MLE c(h w)/c(h)</source>
        <translation>MLE c(h w)/c(h)</translation>
    </message>
    <message>
        <source>smoothed P(w | h)</source>
        <translation>平滑后 P(w | h)</translation>
    </message>
    <message>
        <source>After h = {0} (c(h) = {1}): the {2} most probable of {3} outcomes</source>
        <translation>在 h = {0} 之后（c(h) = {1}）：{3} 个结果中概率最高的 {2} 个</translation>
    </message>
    <message>
        <source>Σ_w P(w | h) = {0};  mass moved to words never seen after h: {1}</source>
        <translation>Σ_w P(w | h) = {0}；移给从未在 h 之后出现的词的概率质量：{1}</translation>
    </message>
</context>
<context>
    <name>DecodingControls</name>
    <message>
        <source>Type a Chinese sentence or a date, as the model reads</source>
        <extracomment>the sliders&apos; least width in pixels (the shared widget&apos;s 160 put the settings on two rows at 11 pt)</extracomment>
        <translation>输入模型读的中文句子或日期</translation>
    </message>
    <message>
        <source>Temperature T:</source>
        <translation>温度 T：</translation>
    </message>
    <message>
        <source>Logits are divided by T: below 1 sharper, above 1 flatter; 0 keeps only the most probable token (greedy)</source>
        <translation>对数几率除以 T：小于 1 更尖锐，大于 1 更平坦；0 只保留最可能的词元（贪心解码）</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Keep only the k most probable tokens (0: off)</source>
        <translation>只保留最可能的 k 个词元（0：关）</translation>
    </message>
    <message>
        <source>top-p:</source>
        <translation>核采样 top-p：</translation>
    </message>
    <message>
        <source>Nucleus: keep the smallest set of most probable tokens whose probability reaches p (1: off)</source>
        <translation>核采样：保留概率之和达到 p 的最小的最可能词元集合（1：关）</translation>
    </message>
    <message>
        <source>min-p:</source>
        <translation>min-p：</translation>
    </message>
    <message>
        <source>Cut the tokens less probable than min-p × the top token&apos;s probability (0: off)</source>
        <translation>去掉概率低于 min-p × 最高词元概率的词元（0：关）</translation>
    </message>
    <message>
        <source>Which token of the greedy output the bars predict</source>
        <translation>条形图预测的是贪心解码输出的第几个词元</translation>
    </message>
    <message>
        <source>Sample {0}</source>
        <translation>采样 {0}</translation>
    </message>
    <message>
        <source>Draw {0} outputs with these settings (each press: a new seed)</source>
        <translation>用这些设置抽取 {0} 个输出（每按一次：新的随机种子）</translation>
    </message>
    <message>
        <source>top-k:</source>
        <translation>top-k：</translation>
    </message>
    <message>
        <source>Output step:</source>
        <translation>输出步：</translation>
    </message>
    <message>
        <source>Settings ▾</source>
        <translation>设置 ▾</translation>
    </message>
    <message>
        <source>Temperature, top-k, top-p and min-p, and the Sample buttons that use them</source>
        <translation>温度、top-k、top-p 和 min-p，以及按这些设置采样的按钮</translation>
    </message>
</context>
<context>
    <name>DecodingExplanation</name>
    <message>
        <source>A translation model gives, at every step, a probability for each possible next token. Greedy decoding and beam search look for the most probable output; sampling draws the next token at random with these probabilities, after temperature, top-k, top-p (nucleus) and min-p have reshaped them. The bars show one step&apos;s distribution after each transform (cut tokens grey). Sampling many outputs shows the model&apos;s whole distribution over sentences: for zh-en-toy it can be compared with the true probabilities of the grammar the model was trained on.</source>
        <translation>翻译模型在每一步给出每个可能的下一个词元的概率。贪心解码和束搜索寻找最可能的输出；采样则按这些概率随机抽取下一个词元，抽取前先由温度、top-k、核采样 top-p 和 min-p 改变分布。条形图显示某一步的分布经过每个变换后的样子（被去掉的词元为灰色）。大量采样能显示模型在整个句子上的分布：对 zh-en-toy，可以把它与训练所用语法的真实概率相比较。</translation>
    </message>
    <message>
        <source>temperature: p_i = exp(z_i / T) / Σ_j exp(z_j / T)     top-k: keep the k largest     top-p: keep the smallest top set with Σ p ≥ p     min-p: keep p_i ≥ min-p · max p
P(y | x) = Π_t P(y_t | y_&lt;t, x)     TV = ½ Σ |p − q|     KL(p ‖ q) = Σ p log₂(p / q)</source>
        <translation>温度：p_i = exp(z_i / T) / Σ_j exp(z_j / T)     top-k：保留最大的 k 个     核采样 top-p：保留 Σ p ≥ p 的最小头部集合     min-p：保留 p_i ≥ min-p · max p
P(y | x) = Π_t P(y_t | y_&lt;t, x)     总变差 = ½ Σ |p − q|     KL(p ‖ q) = Σ p log₂(p / q)</translation>
    </message>
</context>
<context>
    <name>DecodingView</name>
    <message>
        <source>Decoding</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Next-token distribution</source>
        <translation>下一个词元的分布</translation>
    </message>
    <message>
        <source>Samples, greedy and beam</source>
        <translation>采样、贪心解码与束搜索</translation>
    </message>
    <message>
        <source>Type an input to see what the model would write next.</source>
        <translation>输入一句话，看模型接下来会写什么。</translation>
    </message>
    <message>
        <source>Next token after ⟨s⟩{0} (step {1} of {2} of the greedy output “{3}”)</source>
        <translation>⟨s⟩{0} 之后的下一个词元（贪心解码输出“{3}”的第 {1} 步，共 {2} 步）</translation>
    </message>
    <message>
        <source>Next token after ⟨s⟩{0} (step {1} of {2} of the output “{3}”)</source>
        <translation>⟨s⟩{0} 之后的下一个词元（输出“{3}”的第 {1} 步，共 {2} 步）</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>(invalid outputs)</source>
        <translation>（无效输出）</translation>
    </message>
    <message>
        <source>{0} samples of {1} for “{2}” (P) against the grammar (Q)</source>
        <translation>{1} 对“{2}”的 {0} 个样本（P）与语法（Q）</translation>
    </message>
    <message>
        <source>{0} · input “{1}” · T = {2}, top-k {3}, top-p {4}, min-p {5}</source>
        <translation>{0} · 输入“{1}” · T = {2}，top-k {3}，top-p {4}，min-p {5}</translation>
    </message>
    <message>
        <source> · {0} samples, seed {1}</source>
        <translation> · {0} 个样本，种子 {1}</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
</context>
<context>
    <name>DeltaPanel</name>
    <message>
        <source>on the training text (a single pasted line: nothing is held out)</source>
        <extracomment>the user asked for the best δ (the add-δ estimator with it)</extracomment>
        <translation>在训练文本上（粘贴的文本只有一行：没有留出数据）</translation>
    </message>
    <message>
        <source>on {0} held-out tokens</source>
        <translation>在 {0} 个留出词元上</translation>
    </message>
    <message>
        <source>Perplexity of add-δ {0}: lowest at δ = {1} (PP = {2}); the grey line is the δ chosen above.</source>
        <translation>加 δ 平滑的困惑度（{0}）：在 δ = {1} 处最低（PP = {2}）；灰线是上方选定的 δ。</translation>
    </message>
    <message>
        <source>Use δ = {0}</source>
        <translation>使用 δ = {0}</translation>
    </message>
    <message>
        <source>δ (log scale)</source>
        <translation>δ（对数刻度）</translation>
    </message>
    <message>
        <source>held-out perplexity</source>
        <translation>留出数据困惑度</translation>
    </message>
</context>
<context>
    <name>DistributionInputs</name>
    <message>
        <source>P — what really happens (the truth)</source>
        <extracomment>the box the message shown is about (&quot;P&quot;, &quot;Q&quot;), or None the Normalise button under the box &quot;P&quot; or &quot;Q&quot; was pressed</extracomment>
        <translation>P —— 实际发生的情况（真实分布）</translation>
    </message>
    <message>
        <source>Q — the model’s guess (optional)</source>
        <translation>Q —— 模型的猜测（可选）</translation>
    </message>
    <message>
        <source>Formats: 0.8 0.1 0.05 0.05 · 80% 10% 5% 5% · 1/2 1/4 1/8 1/8 · counts 8 1 0.5 0.5 · labels sunny: 0.8, rain: 0.2. Separate with spaces, commas, semicolons or new lines.</source>
        <extracomment>the request loop&apos;s message line (messages about both boxes; routes the others)</extracomment>
        <translation>格式：0.8 0.1 0.05 0.05 · 80% 10% 5% 5% · 1/2 1/4 1/8 1/8 · 计数 8 1 0.5 0.5 · 标签 晴: 0.8, 雨: 0.2。用空格、逗号、分号或换行分隔。</translation>
    </message>
    <message>
        <source>Normalise {0}</source>
        <extracomment>the least height of the P and Q boxes: in pixels (five lines at 11 pt) and in lines of text at the current size (at 22 pt the 90 px showed two lines before the box scrolled; four lines each pushed Q below a 1280×680 window&apos;s column, three keep both boxes in it)</extracomment>
        <translation>归一化 {0}</translation>
    </message>
    <message>
        <source>Divide each value of {0} by their sum, so that they add up to 1 (Ctrl+Z in the box undoes it)</source>
        <translation>把 {0} 的每个值除以它们的和，使总和为 1（在输入框中按 Ctrl+Z 可撤销）</translation>
    </message>
    <message>
        <source>Type or paste some text: its frequencies become P</source>
        <translation>输入或粘贴一段文本：它的频率成为 P</translation>
    </message>
    <message>
        <source>Optional: another text, whose frequencies become Q</source>
        <translation>可选：另一段文本，它的频率成为 Q</translation>
    </message>
    <message>
        <source>e.g. sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05</source>
        <translation>例如 晴: 0.8, 多云: 0.1, 雨: 0.05, 雪: 0.05</translation>
    </message>
    <message>
        <source>Optional, e.g. 0.25 0.25 0.25 0.25</source>
        <translation>可选，例如 0.25 0.25 0.25 0.25</translation>
    </message>
    <message>
        <source>No Q: type a second distribution to compare.</source>
        <translation>没有 Q：输入第二个分布来比较。</translation>
    </message>
    <message>
        <source>{0} outcome</source>
        <translation>{0} 个结果</translation>
    </message>
    <message>
        <source>{0} outcomes</source>
        <translation>{0} 个结果</translation>
    </message>
    <message>
        <source>{0} · counts (total {1}), normalised</source>
        <translation>{0} · 计数（总计 {1}），已归一化</translation>
    </message>
    <message>
        <source>{0} character</source>
        <translation>{0} 个字符</translation>
    </message>
    <message>
        <source>{0} characters</source>
        <translation>{0} 个字符</translation>
    </message>
    <message>
        <source>{0} word</source>
        <translation>{0} 个词</translation>
    </message>
    <message>
        <source>{0} words</source>
        <translation>{0} 个词</translation>
    </message>
    <message>
        <source>{0}, {1} different · normalised counts</source>
        <translation>{0}，{1} 种不同 · 归一化计数</translation>
    </message>
    <message>
        <source>percentages</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>fractions</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>probabilities</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>{0} · {1}</source>
        <translation>{0} · {1}</translation>
    </message>
    <message>
        <source>normalised: they added up to {0}</source>
        <translation>已归一化：原总和为 {0}</translation>
    </message>
    <message>
        <source>probability 0 for the other text’s {0} extra outcome</source>
        <translation>另一段文本多出的 {0} 个结果概率为 0</translation>
    </message>
    <message>
        <source>probability 0 for the other text’s {0} extra outcomes</source>
        <translation>另一段文本多出的 {0} 个结果概率为 0</translation>
    </message>
    <message>
        <source>sent from: {0}</source>
        <translation>来自：{0}</translation>
    </message>
</context>
<context>
    <name>DistributionsTab</name>
    <message>
        <source>entropy of P: the average surprise −Σ p log p; the shortest possible average code length</source>
        <extracomment>text sizes, relative to the application&apos;s: the numbers are what the class reads from the back the largest part of the tab&apos;s height the numbers take before they scroll</extracomment>
        <translation>P 的熵：平均惊奇度 −Σ p log p；可能的最短平均码长</translation>
    </message>
    <message>
        <source>entropy of Q</source>
        <translation>Q 的熵</translation>
    </message>
    <message>
        <source>cross-entropy: the average surprise −Σ p log q of someone who expects Q when P is true</source>
        <translation>交叉熵：真实分布为 P 而预期为 Q 时的平均惊奇度 −Σ p log q</translation>
    </message>
    <message>
        <source>cross-entropy the other way round, −Σ q log p</source>
        <translation>反方向的交叉熵，−Σ q log p</translation>
    </message>
    <message>
        <source>KL divergence Σ p log(p/q) = H(P,Q) − H(P): what believing Q costs when P is true</source>
        <translation>KL 散度（相对熵） Σ p log(p/q) = H(P,Q) − H(P)：真实分布为 P 却相信 Q 的代价</translation>
    </message>
    <message>
        <source>the other direction: KL is not symmetric</source>
        <translation>另一个方向：KL 散度不对称</translation>
    </message>
    <message>
        <source>Meanings</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>Show or hide what each number means, beside it (one number a row); folded, the numbers take less room</source>
        <translation>显示或隐藏每个数的含义（在数的旁边，每行一个数）；折叠后，这些数占的地方更少</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Bars</source>
        <translation>条形图</translation>
    </message>
    <message>
        <source>Per outcome</source>
        <translation>逐个结果</translation>
    </message>
    <message>
        <source>Jensen–Shannon divergence: symmetric, never infinite, at most {0}</source>
        <translation>Jensen–Shannon 散度：对称、永不为无穷，最大为 {0}</translation>
    </message>
    <message>
        <source>Check: H(P,Q) = H(P) + KL(P‖Q):  {0} = {1} + {2}  {3}</source>
        <translation>验证：H(P,Q) = H(P) + KL(P‖Q)：{0} = {1} + {2}  {3}</translation>
    </message>
    <message>
        <source>A uniform distribution over {0} would have entropy {1}.</source>
        <translation>{0}上的均匀分布的熵为 {1}。</translation>
    </message>
    <message>
        <source>{0} outcome</source>
        <translation>{0} 个结果</translation>
    </message>
    <message>
        <source>{0} outcomes</source>
        <translation>{0} 个结果</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>probability under P</source>
        <translation>P 下的概率</translation>
    </message>
    <message>
        <source>probability under Q</source>
        <translation>Q 下的概率</translation>
    </message>
    <message>
        <source>surprise of the outcome under P ({0})</source>
        <translation>该结果在 P 下的惊奇度（{0}）</translation>
    </message>
    <message>
        <source>surprise of the outcome under Q ({0})</source>
        <translation>该结果在 Q 下的惊奇度（{0}）</translation>
    </message>
    <message>
        <source>this outcome&apos;s share of KL(P‖Q) ({0}); ∞ when q = 0 &lt; p</source>
        <translation>该结果在 KL(P‖Q) 中所占的部分（{0}）；q = 0 &lt; p 时为 ∞</translation>
    </message>
    <message>
        <source> (and {0} more)</source>
        <translation>（另有 {0} 个）</translation>
    </message>
    <message>
        <source>{0} = ∞ because {1}({2}) = 0 but {3}({2}) = {4}{5}: an outcome believed impossible happens.</source>
        <translation>{0} = ∞，因为 {1}({2}) = 0 而 {3}({2}) = {4}{5}：一个被认为不可能的结果发生了。</translation>
    </message>
</context>
<context>
    <name>DomainText</name>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>⚠ Do not trust this output: {0}.</source>
        <translation>⚠ 不要相信这个输出：{0}。</translation>
    </message>
    <message>
        <source>✗ not a real date</source>
        <translation>✗ 不是真实的日期</translation>
    </message>
</context>
<context>
    <name>EmbeddingsControls</name>
    <message>
        <source>word2vec trained here, English words</source>
        <translation>本地训练的 word2vec，英文词</translation>
    </message>
    <message>
        <source>word2vec trained here, Chinese words</source>
        <translation>本地训练的 word2vec，中文词</translation>
    </message>
    <message>
        <source>GloVe trained here, English words</source>
        <translation>本地训练的 GloVe，英文词</translation>
    </message>
    <message>
        <source>GloVe trained here, Chinese words</source>
        <translation>本地训练的 GloVe，中文词</translation>
    </message>
    <message>
        <source>{0}: embedding of its input (source)</source>
        <translation>{0}：输入端（源语言）的词嵌入</translation>
    </message>
    <message>
        <source>{0}: embedding of its output (target)</source>
        <translation>{0}：输出端（目标语言）的词嵌入</translation>
    </message>
    <message>
        <source>GloVe text (no header)</source>
        <translation>GloVe 文本（无表头）</translation>
    </message>
    <message>
        <source>word2vec text</source>
        <translation>word2vec 文本</translation>
    </message>
    <message>
        <source>word2vec binary</source>
        <translation>word2vec 二进制</translation>
    </message>
    <message>
        <source>fastText .vec</source>
        <translation>fastText .vec</translation>
    </message>
    <message>
        <source>{0} (your file, {1})</source>
        <translation>{0}（你的文件，{1}）</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Open your own vectors: GloVe text, word2vec text or binary, fastText .vec (read once, then cached)</source>
        <translation>打开你自己的词向量：GloVe 文本、word2vec 文本或二进制、fastText .vec（只读取一次，之后从缓存打开）</translation>
    </message>
    <message>
        <source>How many nearest words (neighbours and analogy candidates)</source>
        <translation>显示多少个最近的词（近邻和类比的候选词）</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Neighbours, analogies and the test set compare with the first N words only (gensim&apos;s restrict_vocab; files list the most frequent first)</source>
        <translation>近邻、类比推理和测试集只与前 N 个词比较（gensim 的 restrict_vocab；文件按词频从高到低排列）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Vectors:</source>
        <translation>词向量：</translation>
    </message>
    <message>
        <source>k:</source>
        <translation>k：</translation>
    </message>
    <message>
        <source>Words searched:</source>
        <translation>搜索的词数：</translation>
    </message>
    <message>
        <source>Open word vectors</source>
        <translation>打开词向量</translation>
    </message>
    <message>
        <source>Word vectors (*.txt *.vec *.bin *.w2v);;All files (*)</source>
        <translation>词向量 (*.txt *.vec *.bin *.w2v);;所有文件 (*)</translation>
    </message>
    <message>
        <source>V = {0} words, d = {1}</source>
        <translation>V = {0} 个词，d = {1}</translation>
    </message>
</context>
<context>
    <name>EmbeddingsExplanation</name>
    <message>
        <source>A one-hot vector o_j says which word it is and nothing more: every two words are equally far apart. An embedding matrix E gives each word j a dense vector e_j = E·o_j (column j of E) learned from text, by a language model, word2vec (skip-gram with negative sampling) or GloVe, so that words used alike point alike: their cosine similarity is high. Differences of embeddings carry meaning, so an analogy a : b :: c : ? is answered by the word nearest to e_b − e_a + e_c.</source>
        <translation>独热向量 o_j 只说明它是哪个词，别无其他：任意两个词的距离都相同。词嵌入矩阵 E 给每个词 j 一个稠密向量 e_j = E·o_j（E 的第 j 列），它从文本中学得：由语言模型、word2vec（带负采样的 skip-gram）或 GloVe 学习，使用法相近的词方向也相近，它们的余弦相似度高。词嵌入之差带有含义，所以类比推理 a : b :: c : ? 的答案是离 e_b − e_a + e_c 最近的词。</translation>
    </message>
    <message>
        <source>e_j = E·o_j     cos(u, v) = u·v / (‖u‖ ‖v‖)
a : b :: c : ?  →  argmax_x cos(e_x, ê_b − ê_a + ê_c)  (3CosAdd, a, b and c excluded)</source>
        <translation>e_j = E·o_j     cos(u, v) = u·v / (‖u‖ ‖v‖)
a : b :: c : ?  →  argmax_x cos(e_x, ê_b − ê_a + ê_c)  （3CosAdd，a、b、c 本身除外）</translation>
    </message>
</context>
<context>
    <name>EmbeddingsView</name>
    <message>
        <source>Embeddings</source>
        <translation>词嵌入</translation>
    </message>
    <message>
        <source>Neighbours</source>
        <translation>近邻</translation>
    </message>
    <message>
        <source>Analogy</source>
        <translation>类比推理</translation>
    </message>
    <message>
        <source>Test set</source>
        <translation>测试集</translation>
    </message>
    <message>
        <source>Odd one out</source>
        <translation>找出不同类</translation>
    </message>
    <message>
        <source>Similarity matrix</source>
        <translation>相似度矩阵</translation>
    </message>
    <message>
        <source>E·oⱼ</source>
        <translation>E·oⱼ</translation>
    </message>
    <message>
        <source>2-D map</source>
        <translation>二维图</translation>
    </message>
    <message>
        <source>Watch it learn</source>
        <translation>观看学习过程</translation>
    </message>
    <message>
        <source>Computing t-SNE…</source>
        <translation>正在计算 t-SNE…</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <source>Type a word to see its nearest neighbours.</source>
        <translation>输入一个词，查看它的最近邻。</translation>
    </message>
    <message>
        <source>Type three words: a is to b as c is to ?</source>
        <translation>输入三个词：a 之于 b，如同 c 之于 ?</translation>
    </message>
    <message>
        <source>Scoring the test set…</source>
        <translation>正在评测测试集…</translation>
    </message>
    <message>
        <source>Type at least three words: which one doesn&apos;t belong?</source>
        <translation>至少输入三个词：哪一个不属于同类？</translation>
    </message>
    <message>
        <source>Type at least two words to compare.</source>
        <translation>至少输入两个词来比较。</translation>
    </message>
    <message>
        <source>Type a word to see its column of E.</source>
        <translation>输入一个词，查看它在 E 中的那一列。</translation>
    </message>
    <message>
        <source>Type the words whose neighbours to watch.</source>
        <translation>输入要观察其近邻的词。</translation>
    </message>
    <message>
        <source>t-SNE keeps neighbourhoods, not distances: far apart on this map says little.</source>
        <translation>t-SNE 保留的是邻域而不是距离：在这张图上相距很远说明不了什么。</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
</context>
<context>
    <name>EncodingTab</name>
    <message>
        <source>
        Each row is the code of one position, each column one dimension. The columns come in sine/cosine pairs
        whose frequency falls from pair to pair: early pairs change with every position, late pairs hardly at
        all — like the digits of a counter, but smooth and bounded in [−1, 1]. &lt;b&gt;Click a column&lt;/b&gt; (or tick it
        in the list) to plot it against position.</source>
        <extracomment>the curve plot opens on at most this many periods of its fastest curve ... but on no fewer positions than this (a base below 1 makes waves shorter than 2π)</extracomment>
        <translation>每一行是一个位置的编码，每一列是一个维度。各列按正弦/余弦成对出现，频率逐对降低：靠前的对随每个位置变化，靠后的对几乎不变 —— 就像计数器的各位数字，但平滑且限制在 [−1, 1] 内。&lt;b&gt;点击一列&lt;/b&gt;（或在列表中勾选）即可画出它随位置的变化。</translation>
    </message>
    <message>
        <source>PE(pos, dim)</source>
        <translation>PE(pos, 维度)</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Selected dimensions</source>
        <translation>所选维度</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Dimensions to plot:</source>
        <translation>要绘制的维度：</translation>
    </message>
    <message>
        <source>dim {0} — {1}, pair {2}</source>
        <translation>维度 {0} —— {1}，第 {2} 对</translation>
    </message>
    <message>
        <source>dim {0} ({1})</source>
        <translation>维度 {0}（{1}）</translation>
    </message>
    <message>
        <source>Positions 0–{0} of {1} (drag for more)</source>
        <translation>位置 0–{0}，共 {1} 个（拖动查看更多）</translation>
    </message>
    <message>
        <source>dim {0} = {1}</source>
        <translation>维度 {0} = {1}</translation>
    </message>
    <message>
        <source>pos {0}: {1}</source>
        <translation>位置 {0}：{1}</translation>
    </message>
</context>
<context>
    <name>EngineMessage</name>
    <message>
        <source>an input</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>some text</source>
        <translation>一些文本</translation>
    </message>
    <message>
        <source>a target is only for encoder-decoder models; type the whole text instead</source>
        <translation>目标只适用于编码器-解码器模型；请直接输入完整文本</translation>
    </message>
    <message>
        <source>a view&apos;s state must be an object</source>
        <extracomment>the largest session or lecture file read (a session is a few kilobytes)</extracomment>
        <translation>视图的状态必须是一个 JSON 对象</translation>
    </message>
    <message>
        <source>a view&apos;s widgets must be an object</source>
        <translation>视图的控件设置必须是一个 JSON 对象</translation>
    </message>
    <message>
        <source>a view&apos;s extra settings must be an object</source>
        <translation>视图的附加设置必须是一个 JSON 对象</translation>
    </message>
    <message>
        <source>{0} is larger than {1} MB: not a session file</source>
        <translation>{0} 大于 {1} MB：不是会话文件</translation>
    </message>
    <message>
        <source>cannot read {0}: {1}</source>
        <translation>无法读取 {0}：{1}</translation>
    </message>
    <message>
        <source>{0} is not valid JSON ({1})</source>
        <translation>{0} 不是有效的 JSON（{1}）</translation>
    </message>
    <message>
        <source>{0} is not an Attention Lab {1} file</source>
        <translation>{0} 不是 Attention Lab 的{1}文件</translation>
    </message>
    <message>
        <source>session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>lecture</source>
        <translation>课件</translation>
    </message>
    <message>
        <source>{0} has no valid version number</source>
        <translation>{0} 没有有效的版本号</translation>
    </message>
    <message>
        <source>{0} was written by a newer Attention Lab (format version {1}; this one reads up to {2})</source>
        <translation>{0} 由更新版本的 Attention Lab 保存（格式版本 {1}；本版本最多能读取版本 {2}）</translation>
    </message>
    <message>
        <source>the session&apos;s &apos;views&apos; must map view ids to states</source>
        <translation>会话文件中的 &apos;views&apos; 必须把每个视图的标识对应到它的状态</translation>
    </message>
    <message>
        <source>the lecture&apos;s &apos;scenes&apos; must be a list</source>
        <translation>课件文件中的 &apos;scenes&apos; 必须是一个列表</translation>
    </message>
    <message>
        <source>scene {0} needs a &apos;view&apos; name and a &apos;state&apos; object</source>
        <translation>第 {0} 个场景需要一个 &apos;view&apos; 名称和一个 &apos;state&apos; 对象</translation>
    </message>
    <message>
        <source>the state of view {0} is not an object</source>
        <extracomment>the recent-files list changed</extracomment>
        <translation>视图 {0} 的状态不是 JSON 对象</translation>
    </message>
    <message>
        <source>the input is empty: type {hint}</source>
        <translation>输入为空：请输入{hint}</translation>
    </message>
    <message>
        <source>a date, for example {example}</source>
        <translation>一个日期，例如 {example}</translation>
    </message>
    <message>
        <source>a Chinese sentence, for example {example}</source>
        <translation>一个中文句子，例如 {example}</translation>
    </message>
    <message>
        <source>the input has {length} characters; this model reads at most {limit}</source>
        <translation>输入有 {length} 个字符；此模型最多读取 {limit} 个</translation>
    </message>
    <message>
        <source>the input has {length} words; this model reads at most {limit}</source>
        <translation>输入有 {length} 个词；此模型最多读取 {limit} 个</translation>
    </message>
    <message>
        <source>the input has {length} tokens; this model reads at most {limit}</source>
        <translation>输入有 {length} 个词元；此模型最多读取 {limit} 个</translation>
    </message>
    <message>
        <source>the target has {length} characters; this model writes at most {limit}</source>
        <translation>目标有 {length} 个字符；此模型最多写出 {limit} 个</translation>
    </message>
    <message>
        <source>the target has {length} words; this model writes at most {limit}</source>
        <translation>目标有 {length} 个词；此模型最多写出 {limit} 个</translation>
    </message>
    <message>
        <source>the target has characters this model never writes: {characters}</source>
        <translation>目标中有此模型从不输出的字符：{characters}</translation>
    </message>
    <message>
        <source>the target has words this model never writes: {words}</source>
        <translation>目标中有此模型从不输出的词：{words}</translation>
    </message>
    <message>
        <source>the expected output has {length} tokens; this model writes at most {limit} before &lt;/s&gt;</source>
        <translation>期望输出有 {length} 个词元；此模型在 &lt;/s&gt; 之前最多写出 {limit} 个</translation>
    </message>
    <message>
        <source>the error analysis compares with the shipped models&apos; own scoring; it is not available for Hugging Face models</source>
        <translation>错误分析要与随附模型自己的打分比较；Hugging Face 模型不提供这项分析</translation>
    </message>
    <message>
        <source>{token} is never generated: a what-if cannot force it</source>
        <translation>{token} 永远不会被生成：强制试改无法强制它</translation>
    </message>
    <message>
        <source>{model} is an encoder-only model: it does not generate text</source>
        <translation>{model} 是仅编码器模型：它不生成文本</translation>
    </message>
    <message>
        <source>{model} has no decoder_start_token_id in its config: it cannot generate</source>
        <translation>{model} 的配置中没有 decoder_start_token_id：它无法生成文本</translation>
    </message>
    <message>
        <source>{model} has no decoder_start_token_id in its config: it cannot decode</source>
        <translation>{model} 的配置中没有 decoder_start_token_id：它无法解码</translation>
    </message>
    <message>
        <source>Out of memory on the {device} device while running this request. Try a shorter input or a smaller beam width, or start the app with --device cpu.</source>
        <translation>在 {device} 设备上运行此请求时内存不足。请尝试更短的输入或更小的束宽，或用 --device cpu 启动程序。</translation>
    </message>
    <message>
        <source>the model does not know {tokens}: it reads them as ⟨unk⟩</source>
        <translation>模型不认识 {tokens}：它把它们读作 ⟨unk⟩</translation>
    </message>
    <message>
        <source>the output is not a real calendar date</source>
        <translation>输出不是真实存在的日期</translation>
    </message>
    <message>
        <source>the input has no number: every date the model learnt writes its year in digits</source>
        <translation>输入中没有数字：模型学过的每个日期都用数字写年份</translation>
    </message>
    <message>
        <source>the output date does not contain {numbers} from the input</source>
        <translation>输出的日期不包含输入中的 {numbers}</translation>
    </message>
    <message>
        <source>this sentence is not one the toy grammar makes: the model never saw its like</source>
        <translation>这个句子不是玩具语法能生成的句子：模型从未见过这类句子</translation>
    </message>
    <message>
        <source>the output is none of the sentence&apos;s valid translations</source>
        <translation>输出不是这个句子的任何一种正确译文</translation>
    </message>
    <message>
        <source>the output hardly attends to {words}: dropped</source>
        <translation>输出几乎不关注 {words}：被遗漏了</translation>
    </message>
    <message>
        <source>{words} rests on a word the model cannot read: invented</source>
        <translation>{words} 依据的是模型无法读取的词：是编造的</translation>
    </message>
    <message>
        <source>cannot load model from {path}: {reason}</source>
        <translation>无法从 {path} 加载模型：{reason}</translation>
    </message>
    <message>
        <source>{file} is not valid JSON ({detail})</source>
        <translation>{file} 不是有效的 JSON（{detail}）</translation>
    </message>
    <message>
        <source>{file} does not hold an object</source>
        <translation>{file} 中不是一个 JSON 对象</translation>
    </message>
    <message>
        <source>config.json is missing</source>
        <translation>缺少 config.json</translation>
    </message>
    <message>
        <source>config.json has no {key} entry</source>
        <translation>config.json 中没有 {key} 项</translation>
    </message>
    <message>
        <source>no model named {name} (available: {known})</source>
        <translation>没有名为 {name} 的模型（现有：{known}）</translation>
    </message>
    <message>
        <source>the weight file is missing</source>
        <translation>缺少权重文件</translation>
    </message>
    <message>
        <source>the hyper-parameters do not describe a model ({detail})</source>
        <translation>超参数描述的不是一个模型（{detail}）</translation>
    </message>
    <message>
        <source>the weight file is corrupt or not safetensors ({detail})</source>
        <translation>权重文件已损坏或不是 safetensors 格式（{detail}）</translation>
    </message>
    <message>
        <source>the weights do not fit the model in config.json ({detail})</source>
        <translation>权重与 config.json 中的模型不符（{detail}）</translation>
    </message>
    <message>
        <source>tensor {tensor} holds NaN or infinite values</source>
        <translation>张量 {tensor} 含有 NaN 或无穷大</translation>
    </message>
    <message>
        <source>the vocabulary cannot be read ({detail})</source>
        <translation>无法读取词表（{detail}）</translation>
    </message>
    <message>
        <source>opening Hugging Face model folders needs the optional [hf] extra (transformers and tokenizers): pip install -e &quot;.[hf]&quot;</source>
        <translation>打开 Hugging Face 模型文件夹需要安装可选的 [hf] 扩展（transformers 和 tokenizers）：pip install -e &quot;.[hf]&quot;</translation>
    </message>
    <message>
        <source>encoder</source>
        <translation>编码器</translation>
    </message>
    <message>
        <source>decoder</source>
        <translation>解码器</translation>
    </message>
    <message>
        <source>encoder-decoder</source>
        <translation>编码器-解码器</translation>
    </message>
    <message>
        <source>checking the folder</source>
        <translation>检查文件夹</translation>
    </message>
    <message>
        <source>reading the tokenizer</source>
        <translation>读取分词器</translation>
    </message>
    <message>
        <source>reading the weights ({loader})</source>
        <translation>读取权重（{loader}）</translation>
    </message>
    <message>
        <source>moving to {device}</source>
        <translation>将模型移到 {device}</translation>
    </message>
    <message>
        <source>model.safetensors is missing: it has only {files}, which Attention Lab does not load (pickled or non-torch weights); save the model with save_pretrained(..., safe_serialization=True) or convert it to safetensors</source>
        <translation>缺少 model.safetensors：文件夹里只有 {files}，Attention Lab 不加载这类权重（pickle 序列化的或非 torch 的权重）；请用 save_pretrained(..., safe_serialization=True) 保存模型，或把它转换成 safetensors 格式</translation>
    </message>
    <message>
        <source>no tokenizer files (one of {files})</source>
        <translation>没有分词器文件（应有 {files} 之一）</translation>
    </message>
    <message>
        <source>the shard index is unreadable ({detail})</source>
        <translation>无法读取分片索引（{detail}）</translation>
    </message>
    <message>
        <source>weight shards missing: {files}</source>
        <translation>缺少权重分片：{files}</translation>
    </message>
    <message>
        <source>not a readable safetensors file ({detail})</source>
        <translation>不是可读取的 safetensors 文件（{detail}）</translation>
    </message>
    <message>
        <source>the file is truncated ({size} bytes, the header describes {expected})</source>
        <translation>文件不完整（只有 {size} 字节，文件头描述的是 {expected} 字节）</translation>
    </message>
    <message>
        <source>unsupported architecture {architecture}: Attention Lab opens text models that are encoder-only (BERT-like), decoder-only (GPT-2-like) or encoder-decoder (T5/Marian-like)</source>
        <translation>不支持的架构 {architecture}：Attention Lab 只能打开纯编码器（类似 BERT）、纯解码器（类似 GPT-2）或编码器-解码器（类似 T5/Marian）结构的文本模型</translation>
    </message>
    <message>
        <source>transformers could not load it: {detail}</source>
        <translation>transformers 无法加载它：{detail}</translation>
    </message>
    <message>
        <source>{architecture} returns no attention weights</source>
        <translation>{architecture} 不返回注意力权重</translation>
    </message>
    <message>
        <source>unknown device {device}; choose one of {choices}</source>
        <translation>未知设备 {device}；请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>row {row}, column {column} is empty</source>
        <translation>第 {row} 行第 {column} 列是空的</translation>
    </message>
    <message>
        <source>row {row}, column {column}: {text} is not a number</source>
        <translation>第 {row} 行第 {column} 列：{text} 不是数字</translation>
    </message>
    <message>
        <source>row {row}, column {column}: {text} is not a finite number</source>
        <translation>第 {row} 行第 {column} 列：{text} 不是有限的数</translation>
    </message>
    <message>
        <source>row {row}, column {column}: expected a number, got {type}</source>
        <translation>第 {row} 行第 {column} 列：应为数字，却是 {type}</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} 是空的</translation>
    </message>
    <message>
        <source>{name} is {rows}x{columns}; at most {limit}x{limit} fits the playground</source>
        <translation>{name} 是 {rows}×{columns} 的矩阵；演练场最多容纳 {limit}×{limit}</translation>
    </message>
    <message>
        <source>{name}: row {row} has {length} numbers but row 1 has {width}</source>
        <translation>{name}：第 {row} 行有 {length} 个数，而第 1 行有 {width} 个</translation>
    </message>
    <message>
        <source>{name} is not a rectangular array of numbers ({detail})</source>
        <translation>{name} 不是由数字组成的矩形数组（{detail}）</translation>
    </message>
    <message>
        <source>{name} must have {dimensions} dimension(s), got shape {shape}</source>
        <translation>{name} 必须是 {dimensions} 维的，而它的形状是 {shape}</translation>
    </message>
    <message>
        <source>{name} has shape {shape}; at most {limit} per side</source>
        <translation>{name} 的形状是 {shape}；每一维最多 {limit}</translation>
    </message>
    <message>
        <source>{name}: a value is not finite</source>
        <translation>{name}：有一个值不是有限的数</translation>
    </message>
    <message>
        <source>matrix</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>values</source>
        <translation>值</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>the scale t must be between 0 and 1, got {t}</source>
        <translation>缩放指数 t 必须在 0 到 1 之间，而不是 {t}</translation>
    </message>
    <message>
        <source>the query has {query} numbers but each key has {key}</source>
        <translation>查询有 {query} 个数，而每个键有 {key} 个</translation>
    </message>
    <message>
        <source>{keys} keys but {values} values</source>
        <translation>有 {keys} 个键，却有 {values} 个值</translation>
    </message>
    <message>
        <source>Q has {q} columns but K has {k}: queries and keys need the same d_k</source>
        <translation>Q 有 {q} 列，而 K 有 {k} 列：查询和键的 d_k 必须相同</translation>
    </message>
    <message>
        <source>K has {k} rows but V has {v}: one value per key</source>
        <translation>K 有 {k} 行，而 V 有 {v} 行：每个键对应一个值</translation>
    </message>
    <message>
        <source>{name} must be between 1 and {limit}, got {size}</source>
        <translation>{name} 必须在 1 到 {limit} 之间，而不是 {size}</translation>
    </message>
    <message>
        <source>d_k values must be a non-empty list of integers in 1..1024</source>
        <translation>d_k 的取值必须是由 1 到 1024 之间的整数组成的非空列表</translation>
    </message>
    <message>
        <source>why_scale needs at least 2 keys and 2 samples</source>
        <translation>why_scale 至少需要 2 个键和 2 个样本</translation>
    </message>
    <message>
        <source>{side}: {detail}</source>
        <translation>{side}：{detail}</translation>
    </message>
    <message>
        <source>The quote {quote} before {text} is never closed: end the label with {close}.</source>
        <translation>{text} 之前的引号 {quote} 没有闭合：请用 {close} 结束标签。</translation>
    </message>
    <message>
        <source>The label {label} has no value: write it as {written}: 0.5.</source>
        <translation>标签 {label} 没有值：请写成 {written}: 0.5。</translation>
    </message>
    <message>
        <source>{label} mixes a quoted label with other words: put the whole label inside the quotes.</source>
        <translation>{label} 把带引号的标签与其他词混在一起：请把整个标签放进引号里。</translation>
    </message>
    <message>
        <source>{label} has no value after the colon: write a number, as in {name}: 0.25.</source>
        <translation>{label} 的冒号后没有值：请写一个数字，如 {name}: 0.25。</translation>
    </message>
    <message>
        <source>{value} has no label, but other outcomes do: label every outcome or none.</source>
        <translation>{value} 没有标签，但其他结果有：要么给每个结果都加标签，要么都不加。</translation>
    </message>
    <message>
        <source>{words} has no value: write it as {name}: 0.25, or remove it.</source>
        <translation>{words} 没有值：请写成 {name}: 0.25，或删除它。</translation>
    </message>
    <message>
        <source>{value} is not a finite number: every probability must be a real number between 0 and 1 (and every count a real number of at least 0).</source>
        <translation>{value} 不是有限数：每个概率都必须是 0 到 1 之间的实数（每个计数都必须是不小于 0 的实数）。</translation>
    </message>
    <message>
        <source>{value} is not a number. Write decimals (0.25), percentages (25%), fractions (1/4) or counts (3); name an outcome with a colon (rain: 0.25).</source>
        <translation>{value} 不是数字。请写小数（0.25）、百分比（25%）、分数（1/4）或计数（3）；用冒号为结果命名（rain: 0.25）。</translation>
    </message>
    <message>
        <source>{value} is too large to be a number this calculator can use.</source>
        <translation>{value} 太大，本计算器无法使用。</translation>
    </message>
    <message>
        <source>{value} is negative: probabilities and counts cannot be below 0.</source>
        <translation>{value} 是负数：概率和计数不能小于 0。</translation>
    </message>
    <message>
        <source>{value} is more than 100%: a probability is at most 100%. For counts, leave out the % sign.</source>
        <translation>{value} 超过 100%：概率最多为 100%。如果是计数，请去掉 % 号。</translation>
    </message>
    <message>
        <source>{value} divides by zero: a fraction needs a denominator above 0.</source>
        <translation>{value} 除以零：分数的分母必须大于 0。</translation>
    </message>
    <message>
        <source>{value} is more than 1: a probability is at most 1. For counts, write whole numbers.</source>
        <translation>{value} 大于 1：概率最多为 1。如果是计数，请写整数。</translation>
    </message>
    <message>
        <source>That is {count} {what}; the calculator handles at most {limit} outcomes.</source>
        <translation>这是 {count} 个{what}；本计算器最多处理 {limit} 个结果。</translation>
    </message>
    <message>
        <source>That is more than {limit} outcomes; the calculator handles at most {limit} outcomes.</source>
        <translation>结果超过 {limit} 个；本计算器最多处理 {limit} 个结果。</translation>
    </message>
    <message>
        <source>outcomes</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>different characters</source>
        <translation>不同的字符</translation>
    </message>
    <message>
        <source>different words</source>
        <translation>不同的词</translation>
    </message>
    <message>
        <source>The outcome {label} appears twice: each outcome needs its own name.</source>
        <translation>结果 {label} 出现了两次：每个结果都需要自己的名称。</translation>
    </message>
    <message>
        <source>All values are 0: at least one outcome must have a probability (or count) above 0.</source>
        <translation>所有值都是 0：至少要有一个结果的概率（或计数）大于 0。</translation>
    </message>
    <message>
        <source>{value} looks like a count, but other values are percentages or fractions: use one kind of number for the whole distribution.</source>
        <translation>{value} 看起来是计数，但其他值是百分比或分数：整个分布请只用一种数。</translation>
    </message>
    <message>
        <source>These probabilities add up to {total}, not 1. Correct them, or normalise them (divide each by {total}).</source>
        <translation>这些概率之和为 {total}，而不是 1。请改正它们，或将它们归一化（每个都除以 {total}）。</translation>
    </message>
    <message>
        <source>These percentages add up to {total}, not 100%. Correct them, or normalise them (divide each by {total}).</source>
        <translation>这些百分比之和为 {total}，而不是 100%。请改正它们，或将它们归一化（每个都除以 {total}）。</translation>
    </message>
    <message>
        <source>Type some text to count.</source>
        <translation>请输入一些要计数的文本。</translation>
    </message>
    <message>
        <source>Unknown text unit {unit}: choose &apos;char&apos; or &apos;word&apos;.</source>
        <translation>未知的文本单位 {unit}：请选择 &apos;char&apos; 或 &apos;word&apos;。</translation>
    </message>
    <message>
        <source>Nothing to count yet: type some text.</source>
        <translation>还没有可计数的内容：请输入一些文本。</translation>
    </message>
    <message>
        <source>No words found: a word is a run of letters or digits.</source>
        <translation>没有找到词：词是一串连续的字母或数字。</translation>
    </message>
    <message>
        <source>There are {labels} but {probabilities}.</source>
        <translation>有 {labels}，却有 {probabilities}。</translation>
    </message>
    <message>
        <source>{n} label</source>
        <translation>{n} 个标签</translation>
    </message>
    <message>
        <source>{n} labels</source>
        <translation>{n} 个标签</translation>
    </message>
    <message>
        <source>{n} probability</source>
        <translation>{n} 个概率</translation>
    </message>
    <message>
        <source>{n} probabilities</source>
        <translation>{n} 个概率</translation>
    </message>
    <message>
        <source>{n} outcome</source>
        <translation>{n} 个结果</translation>
    </message>
    <message>
        <source>{n} outcomes</source>
        <translation>{n} 个结果</translation>
    </message>
    <message>
        <source>The logarithm base must be a number, not {base}.</source>
        <translation>对数的底必须是数字，而不是 {base}。</translation>
    </message>
    <message>
        <source>The logarithm base must be a positive number other than 1 (2: bits, e: nats, 10: hartleys), not {base}.</source>
        <translation>对数的底必须是不等于 1 的正数（2：比特，e：奈特，10：哈特莱），而不是 {base}。</translation>
    </message>
    <message>
        <source>{name} is text: read it with parse_distribution first.</source>
        <translation>{name} 是文本：请先用 parse_distribution 读取它。</translation>
    </message>
    <message>
        <source>{name} must be a list of numbers.</source>
        <translation>{name} 必须是一组数字。</translation>
    </message>
    <message>
        <source>{name} must be a flat list of probabilities (got shape {shape}).</source>
        <translation>{name} 必须是一维的概率列表（而它的形状是 {shape}）。</translation>
    </message>
    <message>
        <source>{name} is empty: it needs at least one outcome.</source>
        <translation>{name} 为空：至少需要一个结果。</translation>
    </message>
    <message>
        <source>{name} contains NaN or infinity: every probability must be a real number.</source>
        <translation>{name} 含有 NaN 或无穷大：每个概率都必须是实数。</translation>
    </message>
    <message>
        <source>{name} has a negative probability ({value}).</source>
        <translation>{name} 含有负概率（{value}）。</translation>
    </message>
    <message>
        <source>{name}&apos;s probabilities add up to {total}, not 1.</source>
        <translation>{name} 的概率之和为 {total}，而不是 1。</translation>
    </message>
    <message>
        <source>P has {p} but Q has {q}: they must be over the same outcomes.</source>
        <translation>P 有 {p}，而 Q 有 {q} 个：它们必须定义在相同的结果上。</translation>
    </message>
    <message>
        <source>P has {p} but Q has {q}: they must have the same number of outcomes.</source>
        <translation>P 有 {p}，而 Q 有 {q} 个：它们的结果数必须相同。</translation>
    </message>
    <message>
        <source>P and Q must name the same outcomes: Q has no {only_p}.</source>
        <translation>P 和 Q 必须列出相同的结果：Q 中没有 {only_p}。</translation>
    </message>
    <message>
        <source>P and Q must name the same outcomes: P has no {only_q}.</source>
        <translation>P 和 Q 必须列出相同的结果：P 中没有 {only_q}。</translation>
    </message>
    <message>
        <source>P and Q must name the same outcomes: Q has no {only_p}; P has no {only_q}.</source>
        <translation>P 和 Q 必须列出相同的结果：Q 中没有 {only_p}；P 中没有 {only_q}。</translation>
    </message>
    <message>
        <source>{names} and {more} more</source>
        <translation>{names} 等（另有 {more} 个）</translation>
    </message>
    <message>
        <source>The matrix must hold numbers.</source>
        <translation>矩阵中必须是数字。</translation>
    </message>
    <message>
        <source>row_entropies needs at least one row of probabilities, not a single number.</source>
        <translation>row_entropies 至少需要一行概率，而不是单个数。</translation>
    </message>
    <message>
        <source>The matrix contains NaN or infinity: every probability must be a real number.</source>
        <translation>矩阵含有 NaN 或无穷大：每个概率都必须是实数。</translation>
    </message>
    <message>
        <source>The matrix has a negative probability ({value}).</source>
        <translation>矩阵含有负概率（{value}）。</translation>
    </message>
    <message>
        <source>{name} must be a number, not {value}.</source>
        <translation>{name} 必须是数字，而不是 {value}。</translation>
    </message>
    <message>
        <source>{name} must be a finite number, not {value}.</source>
        <translation>{name} 必须是有限数，而不是 {value}。</translation>
    </message>
    <message>
        <source>{name} is a standard deviation: it must be above 0, not {value}.</source>
        <translation>{name} 是标准差：必须大于 0，而不是 {value}。</translation>
    </message>
    <message>
        <source>Unknown unit {unit}: choose bits, nats or hartleys.</source>
        <translation>未知的单位 {unit}：请选择 bits、nats 或 hartleys。</translation>
    </message>
    <message>
        <source>Unknown input mode {mode}: choose numbers, char or word.</source>
        <translation>未知的输入方式 {mode}：请选择 numbers、char 或 word。</translation>
    </message>
    <message>
        <source>a sentence must be a string, not {type}</source>
        <translation>句子必须是字符串，而不是 {type}</translation>
    </message>
    <message>
        <source>at least one reference is needed</source>
        <translation>至少需要一个参考译文</translation>
    </message>
    <message>
        <source>candidates must be a non-empty list of strings</source>
        <translation>候选译文必须是非空的字符串列表</translation>
    </message>
    <message>
        <source>at least one reference stream is needed</source>
        <translation>至少需要一组参考译文</translation>
    </message>
    <message>
        <source>reference stream {stream} must be a list of {count} strings (one per candidate), got {given}</source>
        <translation>第 {stream} 组参考译文必须是 {count} 个字符串的列表（每个候选译文一个），而这里是 {given}</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>一个字符串</translation>
    </message>
    <message>
        <source>unknown tokenize {tokenize}; choose one of {choices}</source>
        <translation>未知的分词方式 {tokenize}；请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>unknown smoothing {smoothing}; choose one of {choices}</source>
        <translation>未知的平滑方法 {smoothing}；请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>{name} must be a positive integer, got {value}</source>
        <translation>{name} 必须是正整数，而不是 {value}</translation>
    </message>
    <message>
        <source>smoothing {smoothing} takes no smooth_value</source>
        <translation>平滑方法 {smoothing} 不接受 smooth_value</translation>
    </message>
    <message>
        <source>smooth_value must be a finite number &gt;= 0, got {value}</source>
        <translation>smooth_value 必须是不小于 0 的有限数，而不是 {value}</translation>
    </message>
    <message>
        <source>references must be a list of strings, not a single string</source>
        <translation>参考译文必须是字符串列表，而不是单个字符串</translation>
    </message>
    <message>
        <source>no reference: BLEU needs at least one</source>
        <translation>没有参考译文：BLEU 至少需要一个</translation>
    </message>
    <message>
        <source>no reference for sentence {sentence}: BLEU needs at least one</source>
        <translation>第 {sentence} 句没有参考译文：BLEU 至少需要一个</translation>
    </message>
    <message>
        <source>checking that attention weights come back</source>
        <translation>检查模型能否返回注意力权重</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>文件夹不存在</translation>
    </message>
    <message>
        <source>this is a file; choose the folder that holds config.json and model.safetensors</source>
        <translation>这是一个文件；请选择包含 config.json 和 model.safetensors 的文件夹</translation>
    </message>
    <message>
        <source>config.json is missing: this is not a Hugging Face model folder</source>
        <translation>缺少 config.json：这不是 Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <source>model.safetensors is missing: save the model with save_pretrained(..., safe_serialization=True) or convert it to safetensors</source>
        <translation>缺少 model.safetensors：请用 save_pretrained(..., safe_serialization=True) 保存模型，或把它转换成 safetensors 格式</translation>
    </message>
    <message>
        <source>config.json has no model_type entry</source>
        <translation>config.json 中没有 model_type 项</translation>
    </message>
    <message>
        <source>shorter than a safetensors header</source>
        <translation>比 safetensors 文件头还短</translation>
    </message>
    <message>
        <source>the header length is impossible</source>
        <translation>文件头长度无效</translation>
    </message>
    <message>
        <source>CUDA was requested but torch sees no CUDA device here</source>
        <translation>请求了 CUDA，但 torch 在本机上找不到 CUDA 设备</translation>
    </message>
    <message>
        <source>MPS was requested but this machine has no Apple GPU available to torch</source>
        <translation>请求了 MPS，但本机没有可供 torch 使用的 Apple GPU</translation>
    </message>
    <message>
        <source>CPU · {threads} thread</source>
        <translation>CPU · {threads} 个线程</translation>
    </message>
    <message>
        <source>CPU · {threads} threads</source>
        <translation>CPU · {threads} 个线程</translation>
    </message>
    <message>
        <source>CUDA · {name}</source>
        <translation>CUDA · {name}</translation>
    </message>
    <message>
        <source>Apple MPS</source>
        <translation>Apple MPS</translation>
    </message>
    <message>
        <source>interleaved sin/cos — Vaswani et al. 2017, The Annotated Transformer, PyTorch tutorial</source>
        <translation>正弦/余弦交错 —— Vaswani 等人 2017、《The Annotated Transformer》、PyTorch 教程</translation>
    </message>
    <message>
        <source>sines then cosines, log-spaced — tensor2tensor, fairseq, Whisper</source>
        <translation>先正弦后余弦，对数间隔 —— tensor2tensor、fairseq、Whisper</translation>
    </message>
    <message>
        <source>sines then cosines, paper frequencies — Marian, TensorFlow tutorial</source>
        <translation>先正弦后余弦，论文中的频率 —— Marian、TensorFlow 教程</translation>
    </message>
    <message>
        <source>Type the distribution as text, for example 0.5 0.5.</source>
        <translation>请以文本形式输入分布，例如 0.5 0.5。</translation>
    </message>
    <message>
        <source>Nothing to read yet: type some probabilities, for example 0.5 0.5, or counts, for example 3 1.</source>
        <translation>还没有可读取的内容：请输入一些概率，例如 0.5 0.5，或计数，例如 3 1。</translation>
    </message>
    <message>
        <source>A colon has no label before it: write the outcome&apos;s name first, as in rain: 0.25.</source>
        <translation>冒号前没有标签：请先写结果的名称，如 rain: 0.25。</translation>
    </message>
    <message>
        <source>{path}: this is not a text file (it holds NUL bytes); use --format word2vec-binary for a binary word2vec file</source>
        <translation>{path}：这不是文本文件（含有 NUL 字节）；二进制的 word2vec 文件请用 --format word2vec-binary</translation>
    </message>
    <message>
        <source>{path}, line {line}: the word is not UTF-8 text</source>
        <translation>{path}，第 {line} 行：这个词不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>{path}, line {line}: {reason}</source>
        <translation>{path}，第 {line} 行：{reason}</translation>
    </message>
    <message>
        <source>{path}, line {line}: {found} numbers after the word, but the file&apos;s vectors have {expected}</source>
        <translation>{path}，第 {line} 行：词后面有 {found} 个数，但文件中的向量有 {expected} 维</translation>
    </message>
    <message>
        <source>{path}, line {line}: the word {word!r} was already given on line {first_line}</source>
        <translation>{path}，第 {line} 行：词“{word}”已在第 {first_line} 行出现过</translation>
    </message>
    <message>
        <source>{path}, line {line}: the vector holds a value that is not a finite number</source>
        <translation>{path}，第 {line} 行：向量中有一个值不是有限的数</translation>
    </message>
    <message>
        <source>{path}, line 1: the header should be two whole numbers (words and dimensions), found {found!r}</source>
        <translation>{path}，第 1 行：表头应是两个整数（词数和维数），实际是“{found}”</translation>
    </message>
    <message>
        <source>{path}, line 1: {found!r} looks like a word2vec header (words, dimensions); open the file as word2vec, or remove the line for GloVe</source>
        <translation>{path}，第 1 行：“{found}”像是 word2vec 的表头（词数、维数）；请按 word2vec 格式打开，或删去这一行再按 GloVe 格式打开</translation>
    </message>
    <message>
        <source>{path}: the header announces {expected} words, the file holds {found}</source>
        <translation>{path}：表头说有 {expected} 个词，文件中有 {found} 个</translation>
    </message>
    <message>
        <source>{path}: the file ends in the middle of word {word_number} of {expected}</source>
        <translation>{path}：文件在第 {word_number} 个词（共 {expected} 个）中间结束</translation>
    </message>
    <message>
        <source>{path}: the file holds no vectors</source>
        <translation>{path}：文件中没有向量</translation>
    </message>
    <message>
        <source>unknown embedding file format {fmt!r} (known: {known})</source>
        <translation>未知的词嵌入文件格式“{fmt}”（已知：{known}）</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({reason})</source>
        <translation>{path}：无法读取（{reason}）</translation>
    </message>
    <message>
        <source>{path}: loading was cancelled</source>
        <translation>{path}：已取消读取</translation>
    </message>
    <message>
        <source>the t-SNE map was cancelled</source>
        <translation>已取消 t-SNE 图的计算</translation>
    </message>
    <message>
        <source>scoring the analogy test set was cancelled</source>
        <translation>已取消类比测试集的评测</translation>
    </message>
    <message>
        <source>the line is empty</source>
        <translation>这一行是空的</translation>
    </message>
    <message>
        <source>the line starts with a space instead of a word</source>
        <translation>这一行以空格开头，而不是以词开头</translation>
    </message>
    <message>
        <source>a word without numbers</source>
        <translation>词后面没有数</translation>
    </message>
    <message>
        <source>{token!r} is not a number</source>
        <translation>“{token}”不是数</translation>
    </message>
    <message>
        <source>word {number} is empty or holds a line break</source>
        <translation>第 {number} 个词为空或含有换行</translation>
    </message>
    <message>
        <source>{word!r} is not in the vocabulary of {source}</source>
        <translation>“{word}”不在 {source} 的词表中</translation>
    </message>
    <message>
        <source>{word!r} has a zero vector in {source}: its cosine with any word is undefined</source>
        <translation>“{word}”在 {source} 中是零向量：它与任何词的余弦相似度都没有定义</translation>
    </message>
    <message>
        <source>{what} needs at least {needed} words, got {got}</source>
        <translation>{what} 至少需要 {needed} 个词，实际只有 {got} 个</translation>
    </message>
    <message>
        <source>a similarity matrix</source>
        <translation>相似度矩阵</translation>
    </message>
    <message>
        <source>k must be at least 1, got {k}</source>
        <translation>k 至少为 1，实际为 {k}</translation>
    </message>
    <message>
        <source>restrict_vocab must be at least 1, got {value}</source>
        <translation>restrict_vocab 至少为 1，实际为 {value}</translation>
    </message>
    <message>
        <source>unknown analogy method {method!r} (add or mul)</source>
        <translation>未知的类比方法“{method}”（可选 add 或 mul）</translation>
    </message>
    <message>
        <source>{path}, line {line}: an analogy line before the first &apos;: section&apos; line</source>
        <translation>{path}，第 {line} 行：在第一个“: section”行之前出现了类比行</translation>
    </message>
    <message>
        <source>the model {model!r} has no {side} embedding</source>
        <translation>模型“{model}”没有 {side} 端的词嵌入</translation>
    </message>
    <message>
        <source>no trained embedding named {name!r} (shipped: {known})</source>
        <translation>没有名为“{name}”的已训练词嵌入（随附的有：{known}）</translation>
    </message>
    <message>
        <source>no embeddings named {source!r}</source>
        <translation>没有名为“{source}”的词嵌入</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text (it holds NUL bytes: UTF-16 or a binary file); save it as UTF-8</source>
        <translation>该文件不是 UTF-8 文本（含有 NUL 字节：UTF-16 或二进制文件）；请另存为 UTF-8</translation>
    </message>
    <message>
        <source>the file is neither UTF-8 nor GB18030 text (byte {byte} is not UTF-8); save it as UTF-8</source>
        <translation>该文件既不是 UTF-8 也不是 GB18030 文本（第 {byte} 字节不是 UTF-8）；请另存为 UTF-8</translation>
    </message>
    <message>
        <source>the file stops being {encoding} text near byte {byte}</source>
        <translation>该文件在第 {byte} 字节附近不再是 {encoding} 文本</translation>
    </message>
    <message>
        <source>the file has {megabytes} MB; the app reads text files of at most {limit} MB</source>
        <translation>该文件有 {megabytes} MB；本程序最多读取 {limit} MB 的文本文件</translation>
    </message>
    <message>
        <source>the file has no words: every line is blank</source>
        <translation>该文件没有词：每一行都是空的</translation>
    </message>
    <message>
        <source>the file cannot be read ({detail})</source>
        <translation>无法读取该文件（{detail}）</translation>
    </message>
</context>
<context>
    <name>EntropyExplanation</name>
    <message>
        <source>Entropy measures how uncertain a distribution is: a lower bound on the average number of bits per outcome of any code, which the best code (Huffman&apos;s) comes within 1 bit of: for 80/10/5/5 it needs 1.3 bits where H = 1.022. Cross-entropy is the ideal average length when the code is built for Q but the outcomes follow P; the extra length is the KL divergence (relative entropy), which is never negative and is 0 only when P = Q. Training a model with the cross-entropy loss makes its Q approach the data&apos;s P.</source>
        <translation>熵衡量一个分布的不确定程度：它是任何编码平均每个结果所需比特数的下界，最好的编码（哈夫曼编码）与它相差不到 1 比特：对 80/10/5/5，哈夫曼编码需要 1.3 比特，而 H = 1.022。交叉熵是编码按 Q 设计、而结果服从 P 时的理想平均码长；多出来的长度就是 KL 散度（相对熵），它从不为负，且仅当 P = Q 时为 0。用交叉熵损失训练模型，会使模型的 Q 逼近数据的 P。</translation>
    </message>
    <message>
        <source>H(P) = −Σ p(x) log p(x)
H(P, Q) = −Σ p(x) log q(x)
D_KL(P ‖ Q) = Σ p(x) log (p(x) / q(x)) = H(P, Q) − H(P)</source>
        <translation>H(P) = −Σ p(x) log p(x)
H(P, Q) = −Σ p(x) log q(x)
D_KL(P ‖ Q) = Σ p(x) log (p(x) / q(x)) = H(P, Q) − H(P)</translation>
    </message>
</context>
<context>
    <name>EntropyPresets</name>
    <message>
        <source>sunny: 0.5, rainy: 0.5</source>
        <translation>晴: 0.5, 雨: 0.5</translation>
    </message>
    <message>
        <source>sunny: 0.25, cloudy: 0.25, rain: 0.25, snow: 0.25</source>
        <translation>晴: 0.25, 多云: 0.25, 雨: 0.25, 雪: 0.25</translation>
    </message>
    <message>
        <source>sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05</source>
        <translation>晴: 0.8, 多云: 0.1, 雨: 0.05, 雪: 0.05</translation>
    </message>
    <message>
        <source>sunny: 1%, partly sunny: 1%, partly cloudy: 4%, cloudy: 4%,
light rain: 10%, rain: 10%, heavy rain: 35%, thunderstorm: 35%</source>
        <translation>晴: 1%, 晴间多云: 1%, 多云间晴: 4%, 多云: 4%,
小雨: 10%, 中雨: 10%, 大雨: 35%, 雷雨: 35%</translation>
    </message>
    <message>
        <source>sunny: 12.5%, partly sunny: 12.5%, partly cloudy: 12.5%, cloudy: 12.5%,
light rain: 12.5%, rain: 12.5%, heavy rain: 12.5%, thunderstorm: 12.5%</source>
        <translation>晴: 12.5%, 晴间多云: 12.5%, 多云间晴: 12.5%, 多云: 12.5%,
小雨: 12.5%, 中雨: 12.5%, 大雨: 12.5%, 雷雨: 12.5%</translation>
    </message>
</context>
<context>
    <name>EntropyView</name>
    <message>
        <source>Entropy &amp; KL</source>
        <extracomment>outcomes named in an export&apos;s caption before &quot;…&quot; a normalised value is written with the fewest significant digits (at least 6) whose sum is 1 within this tolerance, far inside the parser&apos;s 1e-6, so that it reads back without a SumError</extracomment>
        <translation>熵与 KL 散度</translation>
    </message>
    <message>
        <source>Numbers</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>Text → characters</source>
        <translation>文本 → 字符</translation>
    </message>
    <message>
        <source>Text → words</source>
        <translation>文本 → 词</translation>
    </message>
    <message>
        <source>Numbers: type probabilities, percentages, fractions or counts.
Text: type text; its character or word frequencies become P (and Q).</source>
        <translation>数字：输入概率、百分比、分数或计数。
文本：输入文本；其字符或词的频率成为 P（和 Q）。</translation>
    </message>
    <message>
        <source>Ignore case</source>
        <translation>忽略大小写</translation>
    </message>
    <message>
        <source>bits (log₂)</source>
        <translation>比特（log₂）</translation>
    </message>
    <message>
        <source>nats (ln)</source>
        <translation>奈特（ln）</translation>
    </message>
    <message>
        <source>hartleys (log₁₀)</source>
        <translation>哈特莱（log₁₀）</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Normalise sums</source>
        <translation>归一化总和</translation>
    </message>
    <message>
        <source>Divide probabilities that do not add up to 1 by their sum. Counts are always normalised.</source>
        <translation>把总和不为 1 的概率除以它们的和。计数总是会被归一化。</translation>
    </message>
    <message>
        <source>Input:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>Unit:</source>
        <translation>单位：</translation>
    </message>
    <message>
        <source>Distributions</source>
        <translation>分布</translation>
    </message>
    <message>
        <source>Code lengths</source>
        <translation>码长</translation>
    </message>
    <message>
        <source>Gaussians</source>
        <translation>高斯分布</translation>
    </message>
    <message>
        <source>Two kinds of weather (sunny, rainy)</source>
        <translation>两种天气（晴、雨）</translation>
    </message>
    <message>
        <source>Four equally likely kinds of weather</source>
        <translation>四种等可能的天气</translation>
    </message>
    <message>
        <source>80% / 10% / 5% / 5%</source>
        <translation>80% / 10% / 5% / 5%</translation>
    </message>
    <message>
        <source>A rainy city (truth P) against a uniform guess (Q)</source>
        <translation>多雨的城市（真实分布 P）对比均匀猜测（Q）</translation>
    </message>
    <message>
        <source>Could not load the distribution that was sent: {0}</source>
        <translation>无法载入发送来的分布：{0}</translation>
    </message>
    <message>
        <source>N({0}, {1}²) against N({2}, {3}²)</source>
        <translation>N({0}, {1}²) 对比 N({2}, {3}²)</translation>
    </message>
    <message>
        <source>P = {0}</source>
        <translation>P = {0}</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
    <message>
        <source>{0} · Gaussians: N₁ = N({1}, {2}²), N₂ = N({3}, {4}²) · {5}</source>
        <translation>{0} · 高斯分布：N₁ = N({1}, {2}²)，N₂ = N({3}, {4}²) · {5}</translation>
    </message>
    <message>
        <source>P: {0}</source>
        <translation>P：{0}</translation>
    </message>
    <message>
        <source>Q: {0}</source>
        <translation>Q：{0}</translation>
    </message>
    <message>
        <source>P sent from: {0}</source>
        <translation>P 来自：{0}</translation>
    </message>
    <message>
        <source>, … ({0} outcomes)</source>
        <translation>，…（{0} 个结果）</translation>
    </message>
    <message>
        <source>bit</source>
        <extracomment>Qt&apos;s translation, by a short name (pyside6-lupdate reads translate(context, text) calls)</extracomment>
        <translation>比特</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>比特</translation>
    </message>
    <message>
        <source>nat</source>
        <translation>奈特</translation>
    </message>
    <message>
        <source>nats</source>
        <translation>奈特</translation>
    </message>
    <message>
        <source>hartley</source>
        <translation>哈特莱</translation>
    </message>
    <message>
        <source>hartleys</source>
        <translation>哈特莱</translation>
    </message>
</context>
<context>
    <name>ErrorPanel</name>
    <message>
        <source>the output you expected, e.g. 1988-11-04</source>
        <extracomment>agree: a finished hypothesis&apos; green; search: the warning orange; model: the what-if purple</extracomment>
        <translation>你期望的输出，例如 1988-11-04</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>divisor</source>
        <translation>除数</translation>
    </message>
    <message>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>expected y*</source>
        <translation>期望 y*</translation>
    </message>
    <message>
        <source>beam best ŷ</source>
        <translation>束搜索最优 ŷ</translation>
    </message>
    <message>
        <source>First, where the task knows every valid output (the zh-en grammar&apos;s renderings), a ŷ that is one of them is a correct translation: no error. Then the rule: if the model gives the expected output y* a better score than the beam&apos;s best ŷ, the model would have chosen y* had the search found it, so the &lt;b&gt;search&lt;/b&gt; is to blame (a wider beam may help). Otherwise the model itself prefers a wrong output: the &lt;b&gt;model&lt;/b&gt; is to blame. The comparison uses the score the search ranks finished outputs by (log P when length normalisation is off, the normalised score otherwise); raw log P is shown too.</source>
        <translation>首先，如果任务知道所有正确输出（中英玩具语法给出的各种译法），而 ŷ 是其中之一，那么它就是正确的译文：没有错误。然后是规则：如果模型给期望输出 y* 的得分高于束搜索的最优输出 ŷ，那么只要搜索找到了 y*，模型就会选择它，所以应归咎于&lt;b&gt;搜索&lt;/b&gt;（更宽的束可能有帮助）。否则是模型本身偏好错误的输出：应归咎于&lt;b&gt;模型&lt;/b&gt;。比较使用搜索对已完成输出排序时所用的得分（关闭长度归一化时为 log P，否则为归一化得分）；原始 log P 也一并显示。</translation>
    </message>
    <message>
        <source>Expected output:</source>
        <translation>期望输出：</translation>
    </message>
    <message>
        <source>The expected output cannot be scored: {0}</source>
        <translation>无法为期望输出打分：{0}</translation>
    </message>
    <message>
        <source>Type the output you expected above: the view compares the model&apos;s score for it with the score of the beam&apos;s best output.</source>
        <translation>请在上方输入你期望的输出：本视图会把模型给它的得分与束搜索最优输出的得分相比较。</translation>
    </message>
    <message>
        <source>log P</source>
        <translation>log P</translation>
    </message>
    <message>
        <source>✓ Agree: beam search found the expected output.</source>
        <translation>✓ 一致：束搜索找到了期望输出。</translation>
    </message>
    <message>
        <source>✓ ŷ is also a correct translation: no error. The task accepts more than one output for this input, and the beam&apos;s output is one of them.</source>
        <translation>✓ ŷ 也是正确的译文：没有错误。这个任务对此输入接受不止一种输出，束搜索的输出正是其中之一。</translation>
    </message>
    <message>
        <source>Search error: the model prefers the expected output ({0} {1} &gt; {2}), but beam search with B={3} did not find it. &lt;b&gt;The search is to blame&lt;/b&gt;: try a wider beam.</source>
        <translation>搜索错误：模型更偏好期望输出（{0} {1} &gt; {2}），但 B={3} 的束搜索没有找到它。&lt;b&gt;应归咎于搜索&lt;/b&gt;：试试更宽的束。</translation>
    </message>
    <message>
        <source>Model error: the model gives the expected output a {0} no better than the beam&apos;s output ({1} ≤ {2}). &lt;b&gt;The model is to blame&lt;/b&gt;: a wider beam will not help; the model needs better training.</source>
        <translation>模型错误：模型给期望输出的{0}不高于束搜索的输出（{1} ≤ {2}）。&lt;b&gt;应归咎于模型&lt;/b&gt;：更宽的束也无济于事，模型需要更好的训练。</translation>
    </message>
    <message>
        <source>search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;small&gt;Raw log P alone ({0} vs {1}) would blame the {2}: the length normalisation decides this case.&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;仅看原始 log P（{0} 对 {1}）会归咎于{2}：这种情况由长度归一化决定。&lt;/small&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;small&gt;Not in the output {0}, so the model can never write them: {1}&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;不在输出{0}中，因此模型永远写不出：{1}&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>ExamplesButton</name>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Type one of the model&apos;s example inputs</source>
        <translation>输入模型的一个示例</translation>
    </message>
</context>
<context>
    <name>ExplanationBox</name>
    <message>
        <source>What this view shows</source>
        <translation>本视图展示的内容</translation>
    </message>
    <message>
        <source>Show or hide a short explanation of the concept and its formula</source>
        <translation>显示或隐藏对概念及其公式的简短说明</translation>
    </message>
</context>
<context>
    <name>ExportButton</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Save the picture (PNG or SVG) or the numbers (CSV)</source>
        <translation>保存图片（PNG 或 SVG）或数据（CSV）</translation>
    </message>
    <message>
        <source>PNG image (2×)…</source>
        <translation>PNG 图片（2 倍）…</translation>
    </message>
    <message>
        <source>SVG drawing…</source>
        <translation>SVG 矢量图…</translation>
    </message>
    <message>
        <source>CSV data…</source>
        <translation>CSV 数据…</translation>
    </message>
    <message>
        <source>Unknown file type {0}: use .png, .svg or .csv</source>
        <translation>未知的文件类型 {0}：请使用 .png、.svg 或 .csv</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>FileBar</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <source>{0}: counting {1}-grams…</source>
        <translation>{0}：正在统计 {1} 元组…</translation>
    </message>
    <message>
        <source>{0}: summing the counts of each context…</source>
        <translation>{0}：正在汇总每个上下文的计数…</translation>
    </message>
    <message>
        <source>{0}: setting up the estimator…</source>
        <translation>{0}：正在设置估计方法…</translation>
    </message>
    <message>
        <source>{0}: scoring the held-out lines for the δ curve…</source>
        <translation>{0}：正在为 δ 曲线给留出行打分…</translation>
    </message>
    <message>
        <source>Chinese characters as tokens</source>
        <translation>以汉字为词元</translation>
    </message>
    <message>
        <source>whitespace-separated words</source>
        <translation>以空格分隔的词</translation>
    </message>
    <message>
        <source>{0}: {1}, {2} sentences, {3} tokens ({4}), {5} distinct; every tenth line held out ({6} tokens)</source>
        <translation>{0}：{1}，{2} 个句子，{3} 个词元（{4}），其中 {5} 个不同；每十行留出一行（{6} 个词元）</translation>
    </message>
</context>
<context>
    <name>GaussiansTab</name>
    <message>
        <source>N₁ (the truth)</source>
        <extracomment>opacities (of 255) of the density curves&apos; fill, and of lines and fill when out of date</extracomment>
        <translation>N₁（真实分布）</translation>
    </message>
    <message>
        <source>N₂ (the model)</source>
        <translation>N₂（模型）</translation>
    </message>
    <message>
        <source>KL(N₁‖N₂) = ln(σ₂/σ₁) + (σ₁² + (μ₁ − μ₂)²) / (2σ₂²) − ½  nats</source>
        <translation>KL(N₁‖N₂) = ln(σ₂/σ₁) + (σ₁² + (μ₁ − μ₂)²) / (2σ₂²) − ½  奈特</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>closed form</source>
        <translation>闭式解</translation>
    </message>
    <message>
        <source>numerical integral</source>
        <translation>数值积分</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>The numerical integral is Simpson’s rule with 4,001 points over μ ± 12σ of the first distribution. KL is not symmetric in general, but with equal σ both directions are (μ₁ − μ₂)²/(2σ²): give the two σ different values to see them differ.</source>
        <extracomment>the Gaussian loop&apos;s message line</extracomment>
        <translation>数值积分使用辛普森法则，在第一个分布的 μ ± 12σ 范围内取 4,001 个点。KL 散度一般不对称，但 σ 相等时两个方向都等于 (μ₁ − μ₂)²/(2σ²)：给两个 σ 不同的值，就能看到它们不同。</translation>
    </message>
    <message>
        <source>density</source>
        <translation>密度</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
</context>
<context>
    <name>GeneratePanel</name>
    <message>
        <source>Generate again</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Sentences drawn from the {0}-gram model ({1}), seed {2}: each token from P(w | the {3} tokens before it) until ⟨/s⟩. Click one to score it.</source>
        <translation>从 {0} 元模型（{1}）抽样的句子，种子 {2}：每个词元按 P(w | 它前面的 {3} 个词元) 抽取，直到 ⟨/s⟩。点击一句即可为它打分。</translation>
    </message>
    <message>
        <source>This model cannot generate: a context on the way has no probability at all (MLE after a context never seen).</source>
        <translation>该模型无法生成：途中某个上下文没有任何概率（MLE 遇到从未见过的上下文）。</translation>
    </message>
    <message>
        <source>The naive back-off&apos;s probabilities do not sum to 1: each step divides them by their sum before drawing.</source>
        <translation>朴素回退的概率之和不为 1：每一步抽样前先除以它们的和。</translation>
    </message>
    <message>
        <source>With nltk&apos;s conventions a unigram model never predicts ⟨/s⟩: each sentence stops after 30 tokens.</source>
        <translation>按 nltk 的约定，一元模型从不预测 ⟨/s⟩：每个句子在 30 个词元后停止。</translation>
    </message>
</context>
<context>
    <name>GoodTuringPanel</name>
    <message>
        <source>Turing r*</source>
        <translation>图灵 r*</translation>
    </message>
    <message>
        <source>smoothed r*</source>
        <translation>平滑后的 r*</translation>
    </message>
    <message>
        <source>Count of counts of the {0}-grams: N_r distinct {0}-grams were seen exactly r times (N = Σ r·N_r = {1}). Z_r = N_r / (½(t − q)) spreads N_r over the gap to its neighbours q &lt; r &lt; t; S(r) = exp({2} + {3}·ln r) is the line fitted through ln Z_r.</source>
        <translation>{0} 元组的频数的频数：N_r 个不同的 {0} 元组恰好出现了 r 次（N = Σ r·N_r = {1}）。Z_r = N_r / (½(t − q)) 把 N_r 摊到它与相邻非零计数 q &lt; r &lt; t 之间的间隔上；S(r) = exp({2} + {3}·ln r) 是对 ln Z_r 拟合的直线。</translation>
    </message>
    <message>
        <source>P0 = N_1 / N = {0} / {1} = {2}: the probability of all unseen {3}-grams together</source>
        <translation>P0 = N_1 / N = {0} / {1} = {2}：所有未见过的 {3} 元组合起来的概率</translation>
    </message>
    <message>
        <source>Turing&apos;s r* uses N_{{r+1}}, which is ragged or 0 where counts are rare; the smoothed r* (Simple Good-Turing) takes Turing&apos;s while it is reliable, then the line&apos;s. {0}</source>
        <translation>图灵的 r* 用到 N_{{r+1}}，在计数稀少处参差不齐甚至为 0；平滑后的 r*（简单 Good-Turing）在图灵值可靠时采用它，之后采用直线的值。{0}</translation>
    </message>
    <message>
        <source>{0} more rows, up to r = {1}, are in the CSV export.</source>
        <translation>另有 {0} 行（直到 r = {1}）在 CSV 导出中。</translation>
    </message>
</context>
<context>
    <name>InputProblem</name>
    <message>
        <source>No models found in assets/models. Train one with &apos;python -m engine train date-transformer&apos;.</source>
        <translation>在 assets/models 中没有找到模型。请用 &apos;python -m engine train date-transformer&apos; 训练一个。</translation>
    </message>
</context>
<context>
    <name>InputRow</name>
    <message>
        <source>Input:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
</context>
<context>
    <name>LanguageModelControls</name>
    <message>
        <source>English sentences (built in)</source>
        <translation>英文句子（内置）</translation>
    </message>
    <message>
        <source>Chinese words (built in)</source>
        <translation>中文词（内置）</translation>
    </message>
    <message>
        <source>Chinese characters (built in)</source>
        <translation>中文字符（内置）</translation>
    </message>
    <message>
        <source>date strings, characters (built in)</source>
        <translation>日期字符串，按字符（内置）</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <source>MLE (counting)</source>
        <translation>MLE（计数）</translation>
    </message>
    <message>
        <source>add-one (Laplace)</source>
        <translation>加一平滑（拉普拉斯）</translation>
    </message>
    <message>
        <source>add-δ (Lidstone)</source>
        <translation>加 δ 平滑（Lidstone）</translation>
    </message>
    <message>
        <source>Good-Turing</source>
        <translation>Good-Turing 平滑</translation>
    </message>
    <message>
        <source>Katz back-off</source>
        <translation>Katz 回退</translation>
    </message>
    <message>
        <source>linear interpolation (λ by EM)</source>
        <translation>线性插值（λ 由 EM 估计）</translation>
    </message>
    <message>
        <source>Kneser-Ney (interpolated)</source>
        <translation>Kneser-Ney（插值）</translation>
    </message>
    <message>
        <source>nltk.lm</source>
        <translation>nltk.lm</translation>
    </message>
    <message>
        <source>textbook</source>
        <translation>教科书</translation>
    </message>
    <message>
        <source>Training words of the built-in corpus; a tenth more are held out</source>
        <translation>内置语料的训练词数；另有十分之一作为留出数据</translation>
    </message>
    <message>
        <source>n: each word is predicted from the n − 1 words before it</source>
        <translation>n：每个词由它前面的 n − 1 个词预测</translation>
    </message>
    <message>
        <source>nltk.lm: n − 1 ⟨s⟩ and n − 1 ⟨/s⟩ around each sentence, both counted as words. Textbook: n − 1 ⟨s⟩ and one ⟨/s⟩, and only the words and ⟨/s⟩ are predicted. The note under the sentence says more.</source>
        <translation>nltk.lm：每句前后各补 n − 1 个 ⟨s⟩ 和 n − 1 个 ⟨/s⟩，都当作词计数。教科书：句前补 n − 1 个 ⟨s⟩，句后补一个 ⟨/s⟩，只预测词和 ⟨/s⟩。详见句子下方的说明。</translation>
    </message>
    <message>
        <source>Paste a training text: one sentence per line, words separated by spaces (every tenth line is held out)</source>
        <translation>粘贴训练文本：每行一句，词之间用空格分隔（每第十行作为留出数据）</translation>
    </message>
    <message>
        <source>Type a sentence</source>
        <translation>输入一个句子</translation>
    </message>
    <message>
        <source>Corpus:</source>
        <translation>语料：</translation>
    </message>
    <message>
        <source>Size (words):</source>
        <translation>规模（词数）：</translation>
    </message>
    <message>
        <source>n:</source>
        <translation>n：</translation>
    </message>
    <message>
        <source>Estimator:</source>
        <translation>估计方法：</translation>
    </message>
    <message>
        <source>Conventions:</source>
        <translation>约定：</translation>
    </message>
    <message>
        <source>δ:</source>
        <translation>δ：</translation>
    </message>
    <message>
        <source>Discount D:</source>
        <translation>折扣 D：</translation>
    </message>
    <message>
        <source>Sentence:</source>
        <translation>句子：</translation>
    </message>
    <message>
        <source>text file (Open…)</source>
        <translation>文本文件（打开…）</translation>
    </message>
    <message>
        <source>naive back-off (not a distribution)</source>
        <translation>朴素回退（不是概率分布）</translation>
    </message>
    <message>
        <source>Open text file…</source>
        <translation>打开文本文件…</translation>
    </message>
    <message>
        <source>A UTF-8 or GB18030 text file of up to 200 MB, one sentence per line</source>
        <translation>UTF-8 或 GB18030 文本文件，最大 200 MB，每行一个句子</translation>
    </message>
    <message>
        <source>The naive back-off takes c(h w)/c(h) when h w was seen, else the same one order lower: summed over every word it gives more than 1.</source>
        <translation>朴素回退在见过 h w 时取 c(h w)/c(h)，否则降一阶取同样的值：对所有词求和会大于 1。</translation>
    </message>
    <message>
        <source>Σ_w P(w | {0}) = {1} ≠ 1</source>
        <translation>Σ_w P(w | {0}) = {1} ≠ 1</translation>
    </message>
</context>
<context>
    <name>LanguageModelExplanation</name>
    <message>
        <source>An n-gram language model makes the Markov assumption: the probability of a word depends only on the n − 1 words before it, estimated by counting them in a corpus. A word never seen after its context gets probability 0 by counting alone (MLE); smoothing moves some probability to unseen words (add-one, add-δ, Good-Turing), back-off and interpolation use the shorter contexts. Perplexity measures how surprised the model is by a text: lower is better.</source>
        <translation>n 元语法语言模型基于马尔可夫假设：一个词的概率只取决于它前面的 n − 1 个词，通过在语料中计数来估计。仅靠计数（MLE），从未在其上下文之后出现过的词概率为 0；平滑把一部分概率移给未见过的词（加一平滑、加 δ 平滑、Good-Turing），回退和插值则利用更短的上下文。困惑度衡量模型对一段文本的“意外”程度：越低越好。</translation>
    </message>
    <message>
        <source>Markov assumption: P(w₁ … w_m) ≈ Π P(wᵢ | wᵢ₋ₙ₊₁ … wᵢ₋₁)     MLE: P(w | h) = c(h w) / c(h)
cross-entropy H = −(1/N) Σ log₂ P(wᵢ | hᵢ) bits/token     perplexity PP = 2^H = (Π P(wᵢ | hᵢ))^(−1/N)</source>
        <translation>马尔可夫假设：P(w₁ … w_m) ≈ Π P(wᵢ | wᵢ₋ₙ₊₁ … wᵢ₋₁)     MLE：P(w | h) = c(h w) / c(h)
交叉熵 H = −(1/N) Σ log₂ P(wᵢ | hᵢ) 比特/词元     困惑度 PP = 2^H = (Π P(wᵢ | hᵢ))^(−1/N)</translation>
    </message>
</context>
<context>
    <name>LanguageModelView</name>
    <message>
        <source>Language model</source>
        <translation>语言模型</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Continuations</source>
        <translation>后续词</translation>
    </message>
    <message>
        <source>Perplexity against δ</source>
        <translation>困惑度与 δ</translation>
    </message>
    <message>
        <source>Neural models</source>
        <translation>神经网络模型</translation>
    </message>
    <message>
        <source>Loading {0} was cancelled: the corpus is unchanged.</source>
        <translation>已取消加载 {0}：语料保持不变。</translation>
    </message>
    <message>
        <source>Paste a training text (one sentence per line).</source>
        <translation>请粘贴训练文本（每行一句）。</translation>
    </message>
    <message>
        <source>Type a sentence to see the probability of each of its words.</source>
        <translation>输入一个句子，查看其中每个词的概率。</translation>
    </message>
    <message>
        <source>“{0}”: {1}-gram model, estimator {2}, corpus {3}</source>
        <translation>“{0}”：{1} 元语法模型，估计方法 {2}，语料 {3}</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
    <message>
        <source>Perplexity against n</source>
        <translation>困惑度与 n</translation>
    </message>
    <message>
        <source>Good-Turing table</source>
        <translation>Good-Turing 表</translation>
    </message>
    <message>
        <source>Zero count</source>
        <translation>零计数</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Open a text file as the corpus</source>
        <translation>打开文本文件作为语料</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>文本文件 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open a text file with “Open text file…”.</source>
        <translation>请用“打开文本文件…”打开一个文本文件。</translation>
    </message>
    <message>
        <source>Cancelled: back to the previous settings and their model.</source>
        <translation>已取消：恢复为之前的设置及其模型。</translation>
    </message>
    <message>
        <source>The file was not read: the corpus is unchanged.</source>
        <translation>文件未读取：语料保持不变。</translation>
    </message>
    <message>
        <source>Making the model for the new settings (see the bar above)…</source>
        <translation>正在按新的设置构建模型（进度见上方的进度条）…</translation>
    </message>
    <message>
        <source>Nothing to export: MLE gives every held-out sentence a probability above 0.</source>
        <translation>没有可导出的内容：MLE 给每个留出句子的概率都大于 0。</translation>
    </message>
    <message>
        <source>{0}-gram model, estimator {1}, corpus {2}</source>
        <translation>{0} 元模型，估计方法 {1}，语料 {2}</translation>
    </message>
</context>
<context>
    <name>LearnTab</name>
    <message>
        <source>English sentences</source>
        <translation>英文句子</translation>
    </message>
    <message>
        <source>Chinese sentences</source>
        <translation>中文句子</translation>
    </message>
    <message>
        <source>Train word2vec</source>
        <translation>训练 word2vec</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Corpus:</source>
        <translation>语料：</translation>
    </message>
    <message>
        <source>Watch:</source>
        <translation>观察：</translation>
    </message>
    <message>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>neighbour</source>
        <translation>近邻</translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>Before training ({0} sentences, {1} words): the vectors are random, and so are the neighbours. Press Train.</source>
        <translation>训练之前（{0} 个句子，{1} 个词）：向量是随机的，近邻也是随机的。请按“训练”。</translation>
    </message>
    <message>
        <source>Trained: {0} steps; loss {1}.</source>
        <translation>训练完成：{0} 步；损失 {1}。</translation>
    </message>
    <message>
        <source>Stopped at step {0} of {1}.</source>
        <translation>在第 {0} 步（共 {1} 步）停止。</translation>
    </message>
    <message>
        <source>Step {0} of {1}: loss {2}</source>
        <translation>第 {0} 步（共 {1} 步）：损失 {2}</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>mean loss since the last report</source>
        <translation>自上次报告以来的平均损失</translation>
    </message>
    <message>
        <source>word2vec on the grammar&apos;s {0}, step {1} of {2}</source>
        <translation>在语法生成的{0}上训练 word2vec，第 {1} 步（共 {2} 步）</translation>
    </message>
</context>
<context>
    <name>LecturePanel</name>
    <message>
        <source>Lecture</source>
        <extracomment>what the item views&apos; style takes as a line break within an item&apos;s text the user asks for the current view to be added as a scene a scene is to be shown (double click, or stepping) the widest a scene&apos;s caption makes the panel, in ems; longer captions wrap the most of the window the panel takes when it opens or the text size changes: at 22 pt a 1280 px window then leaves a view 1,060 px or more (at 30 % the attention view&apos;s output row and the positional view&apos;s controls needed more and the page scrolled sideways)</extracomment>
        <translation>课件</translation>
    </message>
    <message>
        <source>Add scene</source>
        <translation>添加场景</translation>
    </message>
    <message>
        <source>Add the current view to the lecture as a scene (Ctrl+Shift+A)</source>
        <translation>将当前视图作为场景添加到课件（Ctrl+Shift+A）</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Scene {0}: {1}</source>
        <translation>场景 {0}：{1}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Attention Lab</source>
        <extracomment>the most of the window&apos;s height the row of view names may take before they fold into a list a deferred window that is never painted (hidden, offscreen) builds its views after this long after a language switch, when the replaced views&apos; deferred deletions have run: one full collection (about 0.2 s of the GUI thread, once per switch) the views exist (at once, or after the first paint when `deferred`)</extracomment>
        <translation>Attention Lab 注意力实验室</translation>
    </message>
    <message>
        <source>Loading the views…</source>
        <translation>正在加载视图…</translation>
    </message>
    <message>
        <source>Device: starting…</source>
        <translation>设备：启动中…</translation>
    </message>
    <message>
        <source>Device: {0}</source>
        <translation>设备：{0}</translation>
    </message>
    <message>
        <source>Device error: {0}</source>
        <translation>设备错误：{0}</translation>
    </message>
    <message>
        <source>Last inference: –</source>
        <translation>上次推理：–</translation>
    </message>
    <message>
        <source>Last inference: {0:.1f} ms</source>
        <translation>上次推理：{0:.1f} 毫秒</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Models: none</source>
        <translation>模型：无</translation>
    </message>
    <message>
        <source>{0} model</source>
        <translation>{0} 个模型</translation>
    </message>
    <message>
        <source>{0} models</source>
        <translation>{0} 个模型</translation>
    </message>
    <message>
        <source>Nothing to copy: {0}</source>
        <translation>没有可复制的内容：{0}</translation>
    </message>
    <message>
        <source>Picture copied to the clipboard.</source>
        <translation>图片已复制到剪贴板。</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>配色方案(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Viridis (default)</source>
        <translation>Viridis（默认）(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Cividis (red–green safe)</source>
        <translation>Cividis（红绿色盲友好）(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Inferno (high contrast)</source>
        <translation>Inferno（高对比度）(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Grayscale (prints in black)</source>
        <translation>灰度（适合黑白打印）(&amp;G)</translation>
    </message>
    <message>
        <source>Showing:</source>
        <translation>当前视图：</translation>
    </message>
    <message>
        <source>What this view shows</source>
        <translation>本视图展示的内容</translation>
    </message>
    <message>
        <source>Show or hide a short explanation of the concept and its formula</source>
        <translation>显示或隐藏对概念及其公式的简短说明</translation>
    </message>
    <message>
        <source>The view shown (Ctrl+1 … Ctrl+9 and Alt+1 choose one)</source>
        <translation>当前显示的视图（Ctrl+1 … Ctrl+9 与 Alt+1 可直接选择）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open session…</source>
        <translation>打开会话…</translation>
    </message>
    <message>
        <source>Save session as…</source>
        <translation>会话另存为…</translation>
    </message>
    <message>
        <source>Recent sessions</source>
        <translation>最近的会话</translation>
    </message>
    <message>
        <source>Export picture or data…</source>
        <translation>导出图片或数据…</translation>
    </message>
    <message>
        <source>Copy picture</source>
        <translation>复制图片</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Larger text</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>正常文字大小</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>&amp;Lecture</source>
        <translation>课件(&amp;L)</translation>
    </message>
    <message>
        <source>Show lecture panel</source>
        <translation>显示课件面板</translation>
    </message>
    <message>
        <source>Add current view as a scene</source>
        <translation>将当前视图添加为场景</translation>
    </message>
    <message>
        <source>Next scene</source>
        <translation>下一个场景</translation>
    </message>
    <message>
        <source>Previous scene</source>
        <translation>上一个场景</translation>
    </message>
    <message>
        <source>Open lecture…</source>
        <translation>打开课件…</translation>
    </message>
    <message>
        <source>Save lecture as…</source>
        <translation>课件另存为…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>About Attention Lab</source>
        <translation>关于 Attention Lab</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>Next / previous control (tables included)</source>
        <translation>下一个 / 上一个控件（包括表格）</translation>
    </message>
    <message>
        <source>Space / Enter</source>
        <translation>空格 / 回车</translation>
    </message>
    <message>
        <source>Press the focused button or tick the focused box</source>
        <translation>按下当前按钮或勾选当前复选框</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>方向键</translation>
    </message>
    <message>
        <source>Move a slider, spin box, list or table cell</source>
        <translation>移动滑块、数值框、列表或表格单元格</translation>
    </message>
    <message>
        <source>Alt+underlined letter</source>
        <translation>Alt+带下划线的字母</translation>
    </message>
    <message>
        <source>Open a menu</source>
        <translation>打开菜单</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Beam search tree: play / pause</source>
        <translation>束搜索树：播放 / 暂停</translation>
    </message>
    <message>
        <source>← / →</source>
        <translation>← / →</translation>
    </message>
    <message>
        <source>Beam search tree: one step back / forward</source>
        <translation>束搜索树：后退 / 前进一步</translation>
    </message>
    <message>
        <source>Home / End</source>
        <translation>Home / End</translation>
    </message>
    <message>
        <source>Beam search tree: back to the start / the whole search</source>
        <translation>束搜索树：回到开头 / 显示整个搜索</translation>
    </message>
    <message>
        <source>+ / − / 0</source>
        <translation>+ / − / 0</translation>
    </message>
    <message>
        <source>Beam search tree: zoom in / out / fit</source>
        <translation>束搜索树：放大 / 缩小 / 适应窗口</translation>
    </message>
    <message>
        <source>Attention Lab shows trained sequence models while they run: attention, beam search, positional encodings, information theory, BLEU and an attention playground. Every number comes from a real model or an exact calculation.</source>
        <translation>Attention Lab 在训练好的序列模型运行时展示其内部：注意力、束搜索、位置编码、信息论、BLEU 以及注意力演练场。每个数字都来自真实的模型或精确的计算。</translation>
    </message>
    <message>
        <source>Version {0}</source>
        <translation>版本 {0}</translation>
    </message>
</context>
<context>
    <name>MapTab</name>
    <message>
        <source>PCA</source>
        <translation>主成分分析</translation>
    </message>
    <message>
        <source>t-SNE</source>
        <translation>t-SNE</translation>
    </message>
    <message>
        <source>months</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>names</source>
        <translation>人名</translation>
    </message>
    <message>
        <source>places</source>
        <translation>地名</translation>
    </message>
    <message>
        <source>verbs</source>
        <translation>动词</translation>
    </message>
    <message>
        <source>your words</source>
        <translation>你的词</translation>
    </message>
    <message>
        <source>other words</source>
        <translation>其他词</translation>
    </message>
    <message>
        <source>The first N words of the vectors (files list the most frequent first)</source>
        <translation>词向量中的前 N 个词（文件按词频从高到低排列）</translation>
    </message>
    <message>
        <source>colour these words instead of the grammar&apos;s categories</source>
        <translation>给这些词着色，而不是按语法的类别着色</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>方法：</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>词数：</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>着色：</translation>
    </message>
    <message>
        <source>PC1 ({0} % of the variance)</source>
        <translation>主成分 1（方差的 {0} %）</translation>
    </message>
    <message>
        <source>PC2 ({0} %)</source>
        <translation>主成分 2（{0} %）</translation>
    </message>
    <message>
        <source>t-SNE 1</source>
        <translation>t-SNE 1</translation>
    </message>
    <message>
        <source>t-SNE 2</source>
        <translation>t-SNE 2</translation>
    </message>
    <message>
        <source>PC1</source>
        <translation>主成分 1</translation>
    </message>
    <message>
        <source>PC2</source>
        <translation>主成分 2</translation>
    </message>
    <message>
        <source>{0} words by {1} ({2})</source>
        <translation>{0} 个词，方法 {1}（{2}）</translation>
    </message>
</context>
<context>
    <name>MatrixTab</name>
    <message>
        <source>queries (rows of Q)</source>
        <extracomment>the widest an editor asks to be, in ems of its font (a longer row scrolls inside it)</extracomment>
        <translation>查询数（Q 的行数）</translation>
    </message>
    <message>
        <source>keys and values (rows of K and V)</source>
        <translation>键和值的个数（K 和 V 的行数）</translation>
    </message>
    <message>
        <source>columns of Q and K</source>
        <translation>Q 和 K 的列数</translation>
    </message>
    <message>
        <source>columns of V</source>
        <translation>V 的列数</translation>
    </message>
    <message>
        <source>Randomise</source>
        <translation>随机生成</translation>
    </message>
    <message>
        <source>Standard normal entries from this seed, rounded to 2 decimals</source>
        <translation>由此种子生成的标准正态元素，保留 2 位小数</translation>
    </message>
    <message>
        <source>seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>causal mask (query i sees keys 1..i)</source>
        <translation>因果掩码（查询 i 只看到键 1..i）</translation>
    </message>
    <message>
        <source>One row per line; numbers separated by commas or spaces</source>
        <translation>每行是矩阵的一行；数字用逗号或空格分隔</translation>
    </message>
    <message>
        <source>Hover over the heatmap to read a weight.</source>
        <translation>将鼠标悬停在热力图上可读取权重。</translation>
    </message>
    <message>
        <source>QKᵀ (dot products)</source>
        <translation>QKᵀ（点积）</translation>
    </message>
    <message>
        <source>f·QKᵀ (scaled scores; −∞ masked)</source>
        <translation>f·QKᵀ（缩放后的分数；−∞ 为掩码）</translation>
    </message>
    <message>
        <source>weights = softmax of each row</source>
        <translation>权重 = 每行的 softmax</translation>
    </message>
    <message>
        <source>output = weights · V</source>
        <translation>输出 = 权重 · V</translation>
    </message>
    <message>
        <source>tables</source>
        <translation>数值表</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>heatmap</source>
        <translation>热力图</translation>
    </message>
</context>
<context>
    <name>ModelFolderMenu</name>
    <message>
        <source>Open model folder…</source>
        <translation>打开模型文件夹…</translation>
    </message>
    <message>
        <source>Open model folder… (needs the [hf] extra)</source>
        <translation>打开模型文件夹…（需要安装 [hf] 扩展）</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <source>Hugging Face models are not available</source>
        <translation>无法使用 Hugging Face 模型</translation>
    </message>
    <message>
        <source>Open a Hugging Face model folder</source>
        <translation>打开一个 Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <source>Loading {0}: {1}… ({2:.0f}%)</source>
        <translation>正在加载 {0}：{1}…（{2:.0f}%）</translation>
    </message>
    <message>
        <source>Cannot open this model folder</source>
        <translation>无法打开此模型文件夹</translation>
    </message>
    <message>
        <source>Loaded {0}: {1} {2}, {3} layers × {4} heads, on {5}</source>
        <translation>已加载 {0}：{1} {2}，{3} 层 × {4} 个头，运行于 {5}</translation>
    </message>
</context>
<context>
    <name>ModelFolders</name>
    <message>
        <source>queued</source>
        <extracomment>a folder finished loading: its HFModelInfo (folder, fraction 0..1, what is being done) while a folder loads (folder, message) when a folder cannot be opened the recent-models list changed folders in the engine&apos;s own format (the training view&apos;s &quot;Use this model&quot;): path -&gt; label</extracomment>
        <translation>排队中</translation>
    </message>
    <message>
        <source>The session used the model folder {0}, which no longer exists (moved, renamed or deleted). The view keeps its current model; open the folder with File ▸ Open model folder… once it is back.</source>
        <translation>该会话使用的模型文件夹 {0} 已不存在（被移动、重命名或删除）。视图保留当前模型；文件夹恢复后，请用“文件 ▸ 打开模型文件夹…”打开它。</translation>
    </message>
</context>
<context>
    <name>NBestPanel</name>
    <message>
        <source>output</source>
        <extracomment>the best row in the colour of a finished hypothesis&apos; text in the tree the user selected a row (`selected_row`)</extracomment>
        <translation>输出</translation>
    </message>
    <message>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>{0} hypothesis</source>
        <translation>{0} 个假设</translation>
    </message>
    <message>
        <source>{0} hypotheses</source>
        <translation>{0} 个假设</translation>
    </message>
    <message>
        <source>n-best list ({0}, best score first)</source>
        <translation>n-best 列表（{0}，得分最高者在前）</translation>
    </message>
    <message>
        <source>Finished after step {0} ({1} so far, best score first)</source>
        <translation>第 {0} 步后已完成（目前 {1}，得分最高者在前）</translation>
    </message>
    <message>
        <source>What-if search: </source>
        <translation>强制试改搜索：</translation>
    </message>
    <message>
        <source>B finished hypotheses</source>
        <translation>已有 B 个完成的假设</translation>
    </message>
    <message>
        <source>the maximum length</source>
        <translation>达到最大长度</translation>
    </message>
    <message>
        <source>no live beams left</source>
        <translation>没有剩余的活跃束</translation>
    </message>
    <message>
        <source>the forced prefix ends with ⟨/s⟩</source>
        <translation>强制的前缀以 ⟨/s⟩ 结尾</translation>
    </message>
    <message>
        <source>{0} step</source>
        <translation>{0} 步</translation>
    </message>
    <message>
        <source>{0} steps</source>
        <translation>{0} 步</translation>
    </message>
    <message>
        <source>The search stopped after {0}: {1}. While it runs, live beams are ranked by log P; finished hypotheses by their score.</source>
        <translation>搜索在 {0}后停止：{1}。运行期间，活跃束按 log P 排序；已完成的假设按得分排序。</translation>
    </message>
    <message>
        <source>cut</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>Not finished: the search reached the maximum length ({0} tokens) first</source>
        <translation>未完成：搜索先达到了最大长度（{0} 个词元）</translation>
    </message>
    <message>
        <source>Hypothesis #{0}</source>
        <translation>假设 #{0}</translation>
    </message>
    <message>
        <source>Node (as if the output ended here)</source>
        <translation>节点（假设输出在此结束）</translation>
    </message>
    <message>
        <source>Hypothesis #1</source>
        <translation>假设 #1</translation>
    </message>
    <message>
        <source>No hypothesis finished yet: step forward.</source>
        <translation>还没有完成的假设：请向前走一步。</translation>
    </message>
    <message>
        <source>{0} + ⟨/s⟩</source>
        <translation>{0} + ⟨/s⟩</translation>
    </message>
    <message>
        <source>{0}, no ⟨/s⟩: cut at the maximum length</source>
        <translation>{0}，没有 ⟨/s⟩：在最大长度处截断</translation>
    </message>
    <message>
        <source>{0}, no ⟨/s⟩ yet: the search goes on from here</source>
        <translation>{0}，尚无 ⟨/s⟩：搜索从这里继续</translation>
    </message>
    <message>
        <source>{0} token</source>
        <translation>{0} 个词元</translation>
    </message>
    <message>
        <source>{0} tokens</source>
        <translation>{0} 个词元</translation>
    </message>
    <message>
        <source>L = {0} after ⟨s⟩ ({1})</source>
        <translation>⟨s⟩ 之后 L = {0}（{1}）</translation>
    </message>
    <message>
        <source>log P = Σ log p(token | prefix) = {0} = &lt;b&gt;{1}&lt;/b&gt;</source>
        <translation>log P = Σ log p(词元 | 前缀) = {0} = &lt;b&gt;{1}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>score = log P = &lt;b&gt;{0}&lt;/b&gt; &amp;nbsp;(no length normalisation)</source>
        <translation>得分 = log P = &lt;b&gt;{0}&lt;/b&gt; &amp;nbsp;（无长度归一化）</translation>
    </message>
    <message>
        <source>score = log P / L&lt;sup&gt;α&lt;/sup&gt; = {0} / {1}&lt;sup&gt;{2}&lt;/sup&gt; = {0} / {3} = &lt;b&gt;{4}&lt;/b&gt;</source>
        <translation>得分 = log P / L&lt;sup&gt;α&lt;/sup&gt; = {0} / {1}&lt;sup&gt;{2}&lt;/sup&gt; = {0} / {3} = &lt;b&gt;{4}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>score = log P / ((5 + L) / 6)&lt;sup&gt;α&lt;/sup&gt; = {0} / ((5 + {1}) / 6)&lt;sup&gt;{2}&lt;/sup&gt; = {0} / {3} = &lt;b&gt;{4}&lt;/b&gt;</source>
        <translation>得分 = log P / ((5 + L) / 6)&lt;sup&gt;α&lt;/sup&gt; = {0} / ((5 + {1}) / 6)&lt;sup&gt;{2}&lt;/sup&gt; = {0} / {3} = &lt;b&gt;{4}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;small&gt;The tree shows log P at every node (live beams are ranked by it); finished hypotheses are ranked by the score.&lt;/small&gt;</source>
        <translation>&lt;small&gt;树的每个节点都显示 log P（活跃束按它排序）；已完成的假设按得分排序。&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Not a real calendar date: the model&apos;s output names no day that exists</source>
        <translation>不是真实的日历日期：模型的输出不是任何存在的日子</translation>
    </message>
</context>
<context>
    <name>NaiveTab</name>
    <message>
        <source>
        Naive codes for contrast. &lt;b&gt;Decimal digits&lt;/b&gt;: values 0–9, and neighbours can differ in every digit
        (99 → 100). &lt;b&gt;pos/1000&lt;/b&gt;: one number whose range depends on the length, and a step of one position is
        a tiny change. The &lt;b&gt;sinusoidal&lt;/b&gt; code stays in [−1, 1] and every step between neighbours has the
        same size (the steps plot).</source>
        <translation>作为对照的朴素编码。&lt;b&gt;十进制数字&lt;/b&gt;：取值 0–9，相邻位置可能每一位都不同（99 → 100）。&lt;b&gt;pos/1000&lt;/b&gt;：只有一个数，其范围取决于长度，移动一个位置只带来极小的变化。&lt;b&gt;正弦&lt;/b&gt;编码保持在 [−1, 1] 内，相邻位置之间的每一步大小都相同（见步长图）。</translation>
    </message>
    <message>
        <source>Decimal digits (naive)</source>
        <translation>十进制数字（朴素）</translation>
    </message>
    <message>
        <source>digit</source>
        <extracomment>in two rows (2×2), six lines each: below SPLIT_FROM_POINTS the tab asks for twelve the lines of text the steps&apos; data keep before their legend moves beside them from this text size the tab shows either the three codes in one row or the steps alone, chosen beside the plots, each as tall as the one-row tabs&apos; plots: in two rows at 22 pt on 1280×680 each plot had two lines of data and the tab scrolled; four in one row left the steps too narrow for their legend and the pos/1000 plot&apos;s ticks ran together</extracomment>
        <translation>数位</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Sinusoidal (for comparison)</source>
        <translation>正弦编码（对照）</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>pos / 1000 (naive)</source>
        <translation>pos / 1000（朴素）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Step to the next position ‖code(p+1) − code(p)‖</source>
        <translation>到下一位置的步长 ‖编码(p+1) − 编码(p)‖</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>step (log scale)</source>
        <translation>步长（对数刻度）</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>decimal digits</source>
        <translation>十进制数字</translation>
    </message>
    <message>
        <source>pos / 1000</source>
        <translation>pos / 1000</translation>
    </message>
    <message>
        <source>Codes</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Decimal digits, the sinusoidal code and pos/1000</source>
        <translation>十进制数字、正弦编码和 pos/1000</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>The step from each position to the next, for the three codes</source>
        <translation>三种编码中每个位置到下一个位置的步长</translation>
    </message>
    <message>
        <source>Decimal digits</source>
        <translation>十进制数字</translation>
    </message>
    <message>
        <source>Sinusoidal</source>
        <translation>正弦编码</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>pos {0}: digit of {1} = {2}   (code {3})</source>
        <translation>位置 {0}：{1} 位上的数字 = {2}   （编码 {3}）</translation>
    </message>
    <message>
        <source>pos {0}: pos/1000 = {1}</source>
        <translation>位置 {0}：pos/1000 = {1}</translation>
    </message>
    <message>
        <source>pos {0} → {1}: sinusoidal {2}, decimal digits {3}, pos/1000 {4}</source>
        <translation>位置 {0} → {1}：正弦 {2}，十进制数字 {3}，pos/1000 {4}</translation>
    </message>
</context>
<context>
    <name>NeighboursTab</name>
    <message>
        <source>Word:</source>
        <translation>词：</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>‖e_{0}‖ = {1}; cos(x, {0}) = e_x·e_{0} / (‖e_x‖ ‖e_{0}‖) over {2} words</source>
        <translation>‖e_{0}‖ = {1}；对 {2} 个词计算 cos(x, {0}) = e_x·e_{0} / (‖e_x‖ ‖e_{0}‖)</translation>
    </message>
    <message>
        <source>The {0} nearest neighbours of “{1}” by cosine similarity ({2})</source>
        <translation>按余弦相似度，“{1}”的 {0} 个最近邻（{2}）</translation>
    </message>
</context>
<context>
    <name>NeuralPanel</name>
    <message>
        <source>unigram (Kneser-Ney)</source>
        <extracomment>the comparison&apos;s model keys -&gt; the table&apos;s names</extracomment>
        <translation>一元模型（Kneser-Ney）</translation>
    </message>
    <message>
        <source>bigram (Kneser-Ney)</source>
        <translation>二元模型（Kneser-Ney）</translation>
    </message>
    <message>
        <source>trigram (Kneser-Ney)</source>
        <translation>三元模型（Kneser-Ney）</translation>
    </message>
    <message>
        <source>MLP (multilayer perceptron, 2 previous words)</source>
        <translation>多层感知机 MLP（前 2 个词）</translation>
    </message>
    <message>
        <source>LSTM (long short-term memory)</source>
        <translation>长短期记忆网络 LSTM</translation>
    </message>
    <message>
        <source>true floor (the grammar itself)</source>
        <translation>真实下限（语法本身）</translation>
    </message>
    <message>
        <source>forget gate f</source>
        <translation>遗忘门 f</translation>
    </message>
    <message>
        <source>input gate i</source>
        <translation>输入门 i</translation>
    </message>
    <message>
        <source>output gate o</source>
        <translation>输出门 o</translation>
    </message>
    <message>
        <source>memory cell c</source>
        <translation>记忆细胞 c</translation>
    </message>
    <message>
        <source>Held-out perplexity on the built-in English corpus</source>
        <translation>内置英文语料上的留出数据困惑度</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>bits/token</source>
        <translation>比特/词元</translation>
    </message>
    <message>
        <source>above the floor (bits/token)</source>
        <translation>高于下限（比特/词元）</translation>
    </message>
    <message>
        <source>The typed sentence: P of each token</source>
        <translation>输入的句子：每个词元的概率 P</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>trigram</source>
        <translation>三元模型</translation>
    </message>
    <message>
        <source>LSTM</source>
        <translation>LSTM</translation>
    </message>
    <message>
        <source>The LSTM at each step: the token it reads (rows) and its units (columns)</source>
        <translation>LSTM 的每一步：读入的词元（行）与各单元（列）</translation>
    </message>
    <message>
        <source>{0} training words, {1} held-out tokens (each word and one ⟨/s⟩ per sentence). The floor is the grammar&apos;s own cross-entropy on these sentences; its entropy rate is {2} bits/token.</source>
        <translation>{0} 个训练词，{1} 个留出词元（每个词，加上每句一个 ⟨/s⟩）。下限是语法本身在这些句子上的交叉熵；它的熵率为 {2} 比特/词元。</translation>
    </message>
    <message>
        <source>token read</source>
        <translation>读入的词元</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>“{0}”: the n-gram, MLP and LSTM language models against the grammar&apos;s floor</source>
        <translation>“{0}”：n 元模型、多层感知机和 LSTM 语言模型与语法下限的比较</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
</context>
<context>
    <name>NgramPanel</name>
    <message>
        <source>n-gram</source>
        <extracomment>the open tab changed (the highlighting follows it) (column title, its tooltip), translated where shown</extracomment>
        <translation>n 元组</translation>
    </message>
    <message>
        <source>a distinct n-gram of the candidate, in order of first appearance</source>
        <translation>候选中互不相同的 n 元组，按首次出现的顺序</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>how often it occurs in the candidate</source>
        <translation>它在候选中出现的次数</translation>
    </message>
    <message>
        <source>clip</source>
        <translation>截断上限</translation>
    </message>
    <message>
        <source>the most times it occurs in any ONE reference</source>
        <translation>它在任意一条参考译文中出现的最多次数</translation>
    </message>
    <message>
        <source>clipped</source>
        <translation>截断后</translation>
    </message>
    <message>
        <source>min(count, clip): what it adds to the matches</source>
        <translation>min(计数, 截断上限)：它对匹配数的贡献</translation>
    </message>
    <message>
        <source>Candidate: tokens in matched {0}-grams in green</source>
        <extracomment>candidate token positions highlighted now (NgramTable.matched_tokens of the open order)</extracomment>
        <translation>候选：匹配的 {0} 元组中的词元显示为绿色</translation>
    </message>
    <message>
        <source>(the first {0} of {1} tokens; the tables count them all)</source>
        <translation>（显示前 {0} 个词元，共 {1} 个；表格全部计入）</translation>
    </message>
    <message>
        <source>p{0} = Σ clipped / number of candidate {0}-grams = {1}</source>
        <translation>p{0} = Σ 截断后计数 / 候选中 {0} 元组的个数 = {1}</translation>
    </message>
    <message>
        <source>(empty candidate)</source>
        <extracomment>tokens drawn on the candidate line: a pasted page (2,000 tokens) made a rich-text label that took the GUI thread ~200 ms to lay out, and cannot be read as a line anyway</extracomment>
        <translation>（候选为空）</translation>
    </message>
</context>
<context>
    <name>NodePanel</name>
    <message>
        <source>additive attention</source>
        <extracomment>a blue grey with 3:1 on the white and on the black plot background (#b0bec5 had 1.9:1 on white) the RNN has one additive attention, not layers and heads (named as in the attention view)</extracomment>
        <translation>加性注意力</translation>
    </message>
    <message>
        <source>Click a node of the tree to see what the model would write next.</source>
        <extracomment>bars below this probability get no number on top (side by side in a narrow column the &quot;0.01&quot;s ran into each other; the what-if list below gives every probability) the user asked to send the next-token distribution to the view that receives distributions the token id of a clicked bar</extracomment>
        <translation>点击树中的节点，查看模型接下来会写什么。</translation>
    </message>
    <message>
        <source>P(next token)</source>
        <translation>P(下一个词元)</translation>
    </message>
    <message>
        <source>Send to …</source>
        <translation>发送到 …</translation>
    </message>
    <message>
        <source>No view receives distributions</source>
        <translation>没有视图接收分布</translation>
    </message>
    <message>
        <source>Send to {0}</source>
        <translation>发送到{0}</translation>
    </message>
    <message>
        <source>Open this next-token distribution in {0}</source>
        <translation>在{0}中打开这个下一词元分布</translation>
    </message>
    <message>
        <source>After ⟨s⟩{0}: what comes next?</source>
        <translation>⟨s⟩{0} 之后：接下来是什么？</translation>
    </message>
    <message>
        <source>Entropy H = {0} bits (uniform over {1} tokens: {2}). Blue: kept by the search, green: finished.</source>
        <translation>熵 H = {0} 比特（{1} 个词元上的均匀分布：{2}）。蓝色：被搜索保留，绿色：已完成。</translation>
    </message>
    <message>
        <source>Never allowed (the search cannot write them): {0}.</source>
        <translation>从不允许（搜索无法写出）：{0}。</translation>
    </message>
    <message>
        <source>layer {0} · mean over heads</source>
        <translation>第 {0} 层 · 各头平均</translation>
    </message>
    <message>
        <source>layer {0} · head {1}</source>
        <translation>第 {0} 层 · 第 {1} 个头</translation>
    </message>
    <message>
        <source>next?</source>
        <translation>下一个？</translation>
    </message>
    <message>
        <source>producing</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Cross-attention of this prefix: which layer and head</source>
        <extracomment>this panel&apos;s own message line (an inspection that failed): the view&apos;s line keeps the search&apos;s notes</extracomment>
        <translation>此前缀的交叉注意力：哪一层、哪个头</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
</context>
<context>
    <name>OddOneOutTab</name>
    <message>
        <source>Type a few words, e.g. January March July Paris</source>
        <translation>输入几个词，例如 January March July Paris</translation>
    </message>
    <message>
        <source>m = the mean of the words&apos; unit vectors ê, normalised; each word&apos;s cos(e_w, m); the lowest does not belong.</source>
        <translation>m = 各词单位向量 ê 的平均值，再归一化；计算每个词的 cos(e_w, m)；最低的那个不属于同类。</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>词：</translation>
    </message>
    <message>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <source>cosine with the mean direction m</source>
        <translation>与平均方向 m 的余弦</translation>
    </message>
    <message>
        <source>“{0}” doesn&apos;t belong</source>
        <translation>“{0}”不属于同类</translation>
    </message>
    <message>
        <source>Which doesn&apos;t belong: {0} → {1} ({2})</source>
        <translation>找出不同类：{0} → {1}（{2}）</translation>
    </message>
</context>
<context>
    <name>OneHotTab</name>
    <message>
        <source>dimension i</source>
        <translation>维度 i</translation>
    </message>
    <message>
        <source>Word:</source>
        <translation>词：</translation>
    </message>
    <message>
        <source>E ({0} × {1}): columns {2}–{3} of {1}</source>
        <translation>E（{0} × {1}）：第 {2}–{3} 列，共 {1} 列</translation>
    </message>
    <message>
        <source>· o_j</source>
        <translation>· o_j</translation>
    </message>
    <message>
        <source>= e_j</source>
        <translation>= e_j</translation>
    </message>
    <message>
        <source>j = {0} (“{1}”): o_j has {2} entries, a single 1 at j; E·o_j multiplies every other column of E by 0 and keeps column j: e_j, {3} numbers</source>
        <translation>j = {0}（“{1}”）：o_j 有 {2} 个分量，只在 j 处为 1；E·o_j 把 E 的其他各列都乘以 0，只留下第 j 列：e_j，共 {3} 个数</translation>
    </message>
    <message>
        <source>e_j = E·o_j for “{0}” (j = {1}, {2})</source>
        <translation>“{0}”的 e_j = E·o_j（j = {1}，{2}）</translation>
    </message>
</context>
<context>
    <name>OrdersPanel</name>
    <message>
        <source>training text</source>
        <translation>训练文本</translation>
    </message>
    <message>
        <source>held-out text</source>
        <translation>留出文本</translation>
    </message>
    <message>
        <source>the training text (a single line: nothing is held out)</source>
        <translation>训练文本（只有一行：没有留出数据）</translation>
    </message>
    <message>
        <source>the training and the held-out text</source>
        <translation>训练文本和留出文本</translation>
    </message>
    <message>
        <source>Perplexity of {0} on {1} for n = 1 … {2} (the other settings as chosen above)</source>
        <translation>{0} 在{1}上的困惑度，n = 1 … {2}（其他设置如上所选）</translation>
    </message>
    <message>
        <source>The training text has {0} tokens: fitting five models of all of it would take too long and too much memory, so this plot uses its first {1}.</source>
        <translation>训练文本有 {0} 个词元：用全部文本拟合五个模型太慢、太占内存，所以此图只用它的前 {1} 个。</translation>
    </message>
    <message>
        <source>▲ ∞: a token of that text has probability 0 (never seen in training): infinite perplexity.</source>
        <translation>▲ ∞：该文本中有词元的概率为 0（训练中从未见过）：困惑度为无穷大。</translation>
    </message>
    <message>
        <source>nltk&apos;s unigram model scores ⟨/s⟩ as &lt;UNK&gt;, which MLE never saw.</source>
        <translation>nltk 的一元模型把 ⟨/s⟩ 当作 &lt;UNK&gt; 计分，而 MLE 从未见过它。</translation>
    </message>
    <message>
        <source>n (the model&apos;s order)</source>
        <translation>n（模型的阶数）</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
</context>
<context>
    <name>OutputStrip</name>
    <message>
        <source>{0} more</source>
        <extracomment>a cell&apos;s horizontal padding (CSS &quot;padding:0 4px&quot; on each cell), in pixels the caption&apos;s and the mark&apos;s padding towards the tokens, in pixels True: a cut output shows its end (see the module&apos;s docstring) the tokens written into the label: range(first, stop) token index -&gt; its cell&apos;s width in pixels, for the fonts of _fonts_key</extracomment>
        <translation>还有 {0} 个</translation>
    </message>
    <message>
        <source>The first of the {1} predictions is hidden (the strip is too narrow): it shows the others, and the last of all is the model&apos;s next token.</source>
        <translation>{1} 个预测中的第一个已隐藏（条带太窄）：这里显示其余的预测，最后一个就是模型的下一个词元。</translation>
    </message>
    <message>
        <source>The first {0} of the {1} predictions are hidden (the strip is too narrow): it shows the last ones, and the last of all is the model&apos;s next token.</source>
        <translation>{1} 个预测中的前 {0} 个已隐藏（条带太窄）：这里显示最后的那些，最后一个就是模型的下一个词元。</translation>
    </message>
    <message>
        <source>The last of the {1} output tokens is hidden (the strip is too narrow).</source>
        <translation>{1} 个输出词元中的最后一个已隐藏（条带太窄）。</translation>
    </message>
    <message>
        <source>The last {0} of the {1} output tokens are hidden (the strip is too narrow).</source>
        <translation>{1} 个输出词元中的最后 {0} 个已隐藏（条带太窄）。</translation>
    </message>
</context>
<context>
    <name>PlaygroundExplanation</name>
    <message>
        <source>Scaled dot-product attention by hand: each query is compared with every key by a dot product, the scores are divided by √d_k and turned into weights by softmax, and the output is the weighted average of the values. Without the scaling, the dot products grow with d_k and the softmax saturates: one weight near 1, the gradients near 0. The slider t scales the scores by f = d_k^(−t/2): t = 1 is the Transformer&apos;s 1/√d_k, t = 0 leaves them unscaled.</source>
        <translation>手动计算缩放点积注意力：每个查询通过点积与每个键比较，分数除以 √d_k 后经 softmax 变成权重，输出是值的加权平均。如果不缩放，点积会随 d_k 增大而变大，softmax 饱和：一个权重接近 1，梯度接近 0。滑块 t 将分数乘以 f = d_k^(−t/2)：t = 1 即 Transformer 的 1/√d_k，t = 0 则不缩放。</translation>
    </message>
    <message>
        <source>scores = f · Q Kᵀ,  f = d_k^(−t/2)  (t = 1: f = 1/√d_k)
weights = softmax(scores)   (row by row)
output = weights · V</source>
        <translation>分数 = f · Q Kᵀ，f = d_k^(−t/2)  （t = 1：f = 1/√d_k）
权重 = softmax(分数)   （逐行）
输出 = 权重 · V</translation>
    </message>
</context>
<context>
    <name>PlaygroundView</name>
    <message>
        <source>Attention playground</source>
        <translation>注意力演练场</translation>
    </message>
    <message>
        <source>Query mode</source>
        <translation>查询模式</translation>
    </message>
    <message>
        <source>Matrix mode</source>
        <translation>矩阵模式</translation>
    </message>
    <message>
        <source>Why scale</source>
        <translation>为何缩放</translation>
    </message>
    <message>
        <source>Attention as a lookup: query [{0}]</source>
        <translation>注意力即查表：查询 [{0}]</translation>
    </message>
    <message>
        <source>softmax(f·QKᵀ)V, {0}</source>
        <translation>softmax(f·QKᵀ)V，{0}</translation>
    </message>
    <message>
        <source>Why attention scores are divided by √d_k</source>
        <translation>为什么注意力分数要除以 √d_k</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
    <message>
        <source>Q {0}×{2}, K {1}×{2}, V {1}×{3}</source>
        <translation>Q {0}×{2}，K {1}×{2}，V {1}×{3}</translation>
    </message>
    <message>
        <source>, causal</source>
        <translation>，因果掩码</translation>
    </message>
    <message>
        <source>query ({0})</source>
        <translation>查询（{0}）</translation>
    </message>
</context>
<context>
    <name>PositionalControls</name>
    <message>
        <source>paper</source>
        <extracomment>Qt&apos;s translation, by a short name (pyside6-lupdate reads translate(context, text) calls)</extracomment>
        <translation>论文</translation>
    </message>
    <message>
        <source>concatenated</source>
        <translation>拼接</translation>
    </message>
    <message>
        <source>Width of the encoding (even: sine/cosine pairs), at most {0} here</source>
        <translation>编码的宽度（偶数：正弦/余弦成对），此处最多 {0}</translation>
    </message>
    <message>
        <source>How many positions (0 … n−1) to show, at most {0}</source>
        <translation>显示多少个位置（0 … n−1），最多 {0}</translation>
    </message>
    <message>
        <source>The base of the frequencies: 10000 in the paper. Accepts 1e4 or 10 000 too.</source>
        <translation>频率的底数：论文中为 10000。也接受 1e4 或 10 000。</translation>
    </message>
    <message>
        <source>dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>The position whose code is shifted in the “Shift by k” tab</source>
        <translation>在“平移 k”标签页中被平移编码的位置</translation>
    </message>
    <message>
        <source>The shift k: PE(pos + k) = M_k · PE(pos)</source>
        <translation>平移量 k：PE(pos + k) = M_k · PE(pos)</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置数</translation>
    </message>
    <message>
        <source>base</source>
        <translation>底数</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>排列方式</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>d_model must be a positive even number.</source>
        <translation>d_model 必须是正偶数。</translation>
    </message>
    <message>
        <source>d_model must be even: every frequency uses one sine and one cosine dimension ({0} is odd).</source>
        <translation>d_model 必须是偶数：每个频率占用一个正弦维度和一个余弦维度（{0} 是奇数）。</translation>
    </message>
    <message>
        <source>d_model is limited to {0} in this view ({1} asked).</source>
        <translation>本视图中 d_model 最大为 {0}（请求的是 {1}）。</translation>
    </message>
    <message>
        <source>Show at least one position.</source>
        <translation>请至少显示一个位置。</translation>
    </message>
    <message>
        <source>At most {0} positions can be shown ({1} asked): the similarity matrix would be too large to draw.</source>
        <translation>最多只能显示 {0} 个位置（请求的是 {1}）：相似度矩阵会大得无法绘制。</translation>
    </message>
    <message>
        <source>The base must be a number such as 10000 or 1e4 (got “{0}”).</source>
        <translation>底数必须是数字，例如 10000 或 1e4（得到的是“{0}”）。</translation>
    </message>
    <message>
        <source>The base must be greater than 0 (got {0}).</source>
        <translation>底数必须大于 0（得到的是 {0}）。</translation>
    </message>
</context>
<context>
    <name>PositionalExplanation</name>
    <message>
        <source>Attention by itself ignores word order, so a Transformer adds a positional encoding to each token&apos;s embedding. The sinusoidal encoding gives every pair of dimensions a sine and a cosine of a different wavelength, from 2π up to 10000·2π: low dimensions change fast, high ones slowly. Moving by k positions is a rotation of each pair, so the similarity (dot product) of two positions depends only on their distance.</source>
        <translation>注意力本身不考虑词序，因此 Transformer 会给每个词元的嵌入加上位置编码。正弦位置编码为每一对维度分配一个正弦和一个余弦，波长各不相同，从 2π 到 10000·2π：低维变化快，高维变化慢。移动 k 个位置相当于把每一对旋转一个角度，所以两个位置的相似度（点积）只取决于它们的距离。</translation>
    </message>
    <message>
        <source>PE(pos, 2i) = sin(pos / 10000^(2i/d_model))
PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))</source>
        <translation>PE(pos, 2i) = sin(pos / 10000^(2i/d_model))
PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))</translation>
    </message>
</context>
<context>
    <name>PositionalTab</name>
    <message>
        <source>pos {0}, dim {1} ({2} of pair {3}, wavelength {4}): {5}</source>
        <extracomment>17 significant digits read back to the same double: a readout shows the number exactly reference lines and inputs that are not the data being compared: grey text for the view&apos;s readout line (hover) the tab redrew something without a new engine result (e.g. another curve picked) why the tab&apos;s picture looks as it does: rich text in English, marked QT_TRANSLATE_NOOP(&quot;&lt;TabClass&gt;&quot;, &quot;&quot;&quot;…&quot;&quot;&quot;) and translated here (line breaks read as spaces) the least height of the plots, in lines of text at the current text size (seven: a title, ticks and an axis title leave a plot row four lines of data; twelve left a 1280×680 window&apos;s tabs scrolling at 22 pt; a tab with two rows of plots asks for more)</extracomment>
        <translation>位置 {0}，维度 {1}（第 {3} 对的 {2}，波长 {4}）：{5}</translation>
    </message>
</context>
<context>
    <name>PositionalView</name>
    <message>
        <source>Positional encoding</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Show or hide the notes: the formula, where the chosen layout is used, and why each picture looks as it does</source>
        <translation>显示或隐藏说明：公式、所选排列方式用在何处，以及每幅图为何如此</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>Shift by k</source>
        <translation>平移 k</translation>
    </message>
    <message>
        <source>Wavelengths</source>
        <translation>波长</translation>
    </message>
    <message>
        <source>Naive codes</source>
        <translation>朴素编码</translation>
    </message>
    <message>
        <source>Move the mouse over a plot to read exact values.</source>
        <translation>将鼠标移到图上可读取精确数值。</translation>
    </message>
    <message>
        <source>(base = 10000 in the paper)</source>
        <extracomment>the main plot is the tab widget, whose tab bar takes one of these lines; the plots in a tab keep their own least height (tab_base.PositionalTab.PLOT_LINES)</extracomment>
        <translation>（论文中 base = 10000）</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <extracomment>from this text size on, the notes open folded: with them, at 16 and 18 pt on 1280×680 the plots were squeezed to their least height (seven lines) under a four-line caption</extracomment>
        <translation>还没有可导出的内容。</translation>
    </message>
    <message>
        <source>{0} layout · d_model {1} · base {2} · {3} positions</source>
        <translation>{0} 排列 · d_model {1} · 底数 {2} · {3} 个位置</translation>
    </message>
    <message>
        <source> · pos {0}, k {1}</source>
        <translation> · 位置 {0}，k {1}</translation>
    </message>
    <message>
        <source> · {0}, row {1}</source>
        <translation> · {0}，第 {1} 行</translation>
    </message>
    <message>
        <source>{0} · {1} · {2}</source>
        <translation>{0} · {1} · {2}</translation>
    </message>
    <message>
        <source>{0}, d_model {1}, {2} positions, base {3}</source>
        <translation>{0}，d_model {1}，{2} 个位置，底数 {3}</translation>
    </message>
</context>
<context>
    <name>ProbePanel</name>
    <message>
        <source>mean row entropy (bits)</source>
        <translation>平均行熵（比特）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>{0} {1}: no snapshot yet</source>
        <translation>{0} {1}：还没有快照</translation>
    </message>
    <message>
        <source>{0} · step {1} · probe → “{2}” · mean P of its tokens {3}</source>
        <translation>{0} · 第 {1} 步 · 探针 → “{2}” · 其词元的平均概率 {3}</translation>
    </message>
    <message>
        <source>No attention to show: this decoder reads only the encoder&apos;s final state.</source>
        <extracomment>shown instead of a heatmap for the model without attention</extracomment>
        <translation>没有注意力可显示：这个解码器只读取编码器的最终状态。</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
</context>
<context>
    <name>QueryTab</name>
    <message>
        <source>key</source>
        <extracomment>keys the editor shows without its own scroll bar (the lesson has four; up to twelve can be made)</extracomment>
        <translation>键</translation>
    </message>
    <message>
        <source>Double-click a cell to edit it</source>
        <extracomment>the table&apos;s cells changed (typed, resized or filled)</extracomment>
        <translation>双击单元格进行编辑</translation>
    </message>
    <message>
        <source>the query vector, e.g. 1, 0, 0</source>
        <translation>查询向量，例如 1, 0, 0</translation>
    </message>
    <message>
        <source>Lesson: name → age</source>
        <translation>课程示例：姓名 → 年龄</translation>
    </message>
    <message>
        <source>keys:</source>
        <translation>键数：</translation>
    </message>
    <message>
        <source>d_k:</source>
        <translation>d_k：</translation>
    </message>
    <message>
        <source>Keys k_j and values v_j (editable)</source>
        <translation>键 k_j 和值 v_j（可编辑）</translation>
    </message>
    <message>
        <source>Query q:</source>
        <translation>查询 q：</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>计算步骤</translation>
    </message>
    <message>
        <source>value v</source>
        <translation>值 v</translation>
    </message>
    <message>
        <source>the query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Keys table</source>
        <translation>键表</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <source>Query: type one vector on one line, e.g. 1, 0, 0</source>
        <translation>查询：在一行中输入一个向量，例如 1, 0, 0</translation>
    </message>
    <message>
        <source>sum</source>
        <translation>总和</translation>
    </message>
    <message>
        <source>output = Σ w_j v_j = {0} = {1}</source>
        <translation>输出 = Σ w_j v_j = {0} = {1}</translation>
    </message>
    <message>
        <source>The lesson&apos;s weights 1/3, 1/3, 0, 1/3 (output 19) are the scores {0} divided by their sum, not a softmax. The softmax of those scores is {1} (output {2}); with the scale f = {3} on screen the weights are {4} and the output is {5}. Softmax never gives exactly 0: only a very large score gap would approach the hard lookup.</source>
        <translation>课件中的权重 1/3、1/3、0、1/3（输出 19）是把得分 {0} 除以它们的和，而不是 softmax。这些得分的 softmax 是 {1}（输出 {2}）；按屏幕上的缩放 f = {3}，权重是 {4}，输出是 {5}。softmax 永远不会给出恰好为 0 的权重：只有极大的得分差才会接近硬查找。</translation>
    </message>
    <message>
        <source>softmax weight w_j</source>
        <translation>softmax 权重 w_j</translation>
    </message>
</context>
<context>
    <name>RequestLoop</name>
    <message>
        <source>Loading model {0}…</source>
        <extracomment>an error result or an input problem: True; a good result: False what this loop shows on its message line: an error or a prompt (&quot;Type a sentence…&quot;) a restored scene&apos;s inputs are in, and no result of them is drawn yet</extracomment>
        <translation>正在加载模型 {0}…</translation>
    </message>
    <message>
        <source>Model {0} could not be loaded: {1}</source>
        <translation>无法加载模型 {0}：{1}</translation>
    </message>
    <message>
        <source>Could not draw the result: {0}</source>
        <translation>无法绘制结果：{0}</translation>
    </message>
    <message>
        <source>{0}  (The picture shows the last valid input.)</source>
        <translation>{0}  （图中显示的是上一次有效的输入。）</translation>
    </message>
</context>
<context>
    <name>RowPanel</name>
    <message>
        <source>Click a query row of the heatmap</source>
        <translation>点击热力图中的一行查询</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Row {0}: query &apos;{1}&apos;</source>
        <translation>第 {0} 行：查询 &apos;{1}&apos;</translation>
    </message>
    <message>
        <source>Entropy of this row: {0} bits (one key can be attended: it gets all the weight)</source>
        <translation>此行的熵：{0} 比特（只有一个键可被关注：它得到全部权重）</translation>
    </message>
    <message>
        <source>Entropy of this row: {0} bits (uniform over {1} keys: {2})</source>
        <translation>此行的熵：{0} 比特（{1} 个键上的均匀分布：{2}）</translation>
    </message>
</context>
<context>
    <name>SamplesPanel</name>
    <message>
        <source>Double-click a row to see its next-token distributions step by step</source>
        <translation>双击一行，逐步查看它的下一个词元分布</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>frequency</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>P model</source>
        <translation>模型 P</translation>
    </message>
    <message>
        <source>P model
among sampled</source>
        <translation>模型 P
（在采到的输出中归一化）</translation>
    </message>
    <message>
        <source>P grammar</source>
        <translation>语法 P</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>Send to {0}</source>
        <translation>发送到{0}</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>贪心解码</translation>
    </message>
    <message>
        <source>beam {0}</source>
        <translation>束搜索 {0}</translation>
    </message>
    <message>
        <source>valid date</source>
        <translation>有效日期</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>T = {0}, top-k {1}, top-p {2}, min-p {3}</source>
        <translation>T = {0}，top-k {1}，top-p {2}，min-p {3}</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0} samples&lt;/b&gt; ({1}, seed {2}): {3} distinct outputs, which carry {4} % of the model&apos;s probability.</source>
        <translation>&lt;b&gt;{0} 个样本&lt;/b&gt;（{1}，种子 {2}）：{3} 个不同的输出，占模型概率的 {4} %。</translation>
    </message>
    <message>
        <source>Invalid: &lt;b&gt;{0} %&lt;/b&gt;.</source>
        <translation>无效：&lt;b&gt;{0} %&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Invalid dates: &lt;b&gt;{0} %&lt;/b&gt;.</source>
        <translation>无效日期：&lt;b&gt;{0} %&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Against the grammar&apos;s true probabilities: total variation &lt;b&gt;{0}&lt;/b&gt;, KL(grammar ‖ samples) &lt;b&gt;{1}&lt;/b&gt; bits, KL(samples ‖ grammar) &lt;b&gt;{2}&lt;/b&gt;.</source>
        <translation>与语法的真实概率相比：总变差 &lt;b&gt;{0}&lt;/b&gt;，KL(语法 ‖ 样本) &lt;b&gt;{1}&lt;/b&gt; 比特，KL(样本 ‖ 语法) &lt;b&gt;{2}&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>{0} bits</source>
        <translation>{0} 比特</translation>
    </message>
    <message>
        <source>∞ (an invalid output was sampled)</source>
        <translation>∞（采到了无效输出）</translation>
    </message>
    <message>
        <source>The grammar cannot generate this input: no true probabilities to compare.</source>
        <translation>语法生成不了这个输入：没有可比较的真实概率。</translation>
    </message>
    <message>
        <source>Greedy: “{0}”.</source>
        <translation>贪心解码：“{0}”。</translation>
    </message>
</context>
<context>
    <name>ScaleControl</name>
    <message>
        <source>scale t:</source>
        <translation>缩放 t：</translation>
    </message>
    <message>
        <source>t = 0: no scaling (f = 1);  t = 1: f = 1/√d_k, the Transformer&apos;s choice</source>
        <translation>t = 0：不缩放（f = 1）；t = 1：f = 1/√d_k，即 Transformer 的选择</translation>
    </message>
    <message>
        <source> (no scaling)</source>
        <translation>（不缩放）</translation>
    </message>
    <message>
        <source> = 1/√{0}</source>
        <translation> = 1/√{0}</translation>
    </message>
    <message>
        <source>f = d_k^(−t/2) = {0}^(−{1}/2) = {2}{3}</source>
        <translation>f = d_k^(−t/2) = {0}^(−{1}/2) = {2}{3}</translation>
    </message>
</context>
<context>
    <name>ScorePanel</name>
    <message>
        <source>p_n = matches/total</source>
        <translation>p_n = 匹配数/总数</translation>
    </message>
    <message>
        <source>p_n used (smoothed)</source>
        <translation>实际使用的 p_n（平滑后）</translation>
    </message>
    <message>
        <source>smoothing</source>
        <translation>平滑</translation>
    </message>
    <message>
        <source>BLEU</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>The same sentence under every smoothing method</source>
        <translation>同一句子在各种平滑方法下的结果</translation>
    </message>
    <message>
        <source>Modified precisions</source>
        <translation>修正精确率</translation>
    </message>
    <message>
        <source>not used (effective order)</source>
        <translation>未使用（有效阶数）</translation>
    </message>
    <message>
        <source>Candidate length c = {0};  reference lengths {1};  effective reference length r = {2} (the closest to c, ties to the shorter);  brevity penalty BP = {3}</source>
        <translation>候选长度 c = {0}；参考长度 {1}；有效参考长度 r = {2}（最接近 c 的那个，相同时取较短者）；简短惩罚 BP = {3}</translation>
    </message>
    <message>
        <source>0 (the candidate is empty)</source>
        <translation>0（候选译文为空）</translation>
    </message>
    <message>
        <source>Some tools use the shortest reference instead: r = {0}, BP = {1}.</source>
        <translation>有些工具改用最短的参考译文：r = {0}，BP = {1}。</translation>
    </message>
    <message>
        <source>BLEU = {0}</source>
        <translation>BLEU = {0}</translation>
    </message>
</context>
<context>
    <name>SearchControls</name>
    <message>
        <source>log P / L^α</source>
        <translation>log P / L^α</translation>
    </message>
    <message>
        <source>log P / ((5+L)/6)^α  (GNMT)</source>
        <translation>log P / ((5+L)/6)^α  (GNMT)</translation>
    </message>
    <message>
        <source>none: log P</source>
        <translation>无：log P</translation>
    </message>
    <message>
        <source>Type a date in any format, e.g. 4 Nov 1988</source>
        <translation>输入任意格式的日期，例如 4 Nov 1988</translation>
    </message>
    <message>
        <source>Beam width B: how many partial outputs the search keeps at each step</source>
        <translation>束宽 B：搜索在每一步保留多少个部分输出</translation>
    </message>
    <message>
        <source>Length normalisation: how finished hypotheses are scored</source>
        <translation>长度归一化：已完成假设的打分方式</translation>
    </message>
    <message>
        <source>Show pruned</source>
        <translation>显示被剪枝的</translation>
    </message>
    <message>
        <source>All candidates</source>
        <translation>所有候选</translation>
    </message>
    <message>
        <source>Draw every candidate token of each step, not only the 2B the search considered</source>
        <translation>画出每一步的所有候选词元，不只是搜索考虑的 2B 个</translation>
    </message>
    <message>
        <source>Beam width B:</source>
        <translation>束宽 B：</translation>
    </message>
    <message>
        <source>Length normalisation:</source>
        <translation>长度归一化：</translation>
    </message>
    <message>
        <source>α:</source>
        <translation>α：</translation>
    </message>
    <message>
        <source>Settings ▾</source>
        <translation>设置 ▾</translation>
    </message>
    <message>
        <source>The search&apos;s settings (beam width B, length normalisation, α) and what the tree draws</source>
        <translation>搜索的设置（束宽 B、长度归一化、α）以及树中画出的内容</translation>
    </message>
</context>
<context>
    <name>SentencePanel</name>
    <message>
        <source>Each predicted token and its probability P(w | the n − 1 tokens before it), coloured by log₁₀ P along the colour map (10⁻⁶ or less at its low end, 1 at its high end); hover for the counts</source>
        <extracomment>the strip&apos;s colour runs over log10 P from this (and below) to 0 chips drawn at most: a pasted paragraph of 2,000 words made 2,000 labels and held the GUI thread for 560 ms (found by the soak test); the sums below still count every token</extracomment>
        <translation>每个被预测的词元及其概率 P(w | 它前面的 n − 1 个词元)，颜色按 log₁₀ P 取自色图（10⁻⁶ 及以下在低端，1 在高端）；悬停可查看计数</translation>
    </message>
    <message>
        <source>Textbook conventions: n − 1 ⟨s⟩ before each sentence and one ⟨/s⟩ after it; only the words and that ⟨/s⟩ are predicted and counted, so the vocabulary V is the training words, &lt;unk&gt; and ⟨/s⟩ (⟨s⟩ is never predicted). Words never seen in training become &lt;unk&gt;.</source>
        <translation>教科书约定：每句前补 n − 1 个 ⟨s⟩，句后补一个 ⟨/s⟩；只预测并计数词和这个 ⟨/s⟩，所以词表 V 是训练词、&lt;unk&gt; 和 ⟨/s⟩（⟨s⟩ 从不被预测）。训练中从未出现的词记为 &lt;unk&gt;。</translation>
    </message>
    <message>
        <source>Conventions of nltk.lm (its padded_everygram_pipeline): n − 1 ⟨s⟩ before each sentence and n − 1 ⟨/s⟩ after it, all counted as words, so the vocabulary V (add-one adds 1 for each of its words) holds ⟨s⟩, ⟨/s⟩ and &lt;UNK&gt; too; each word and the first ⟨/s⟩ are predicted. Unknown-word cut-off 1: words never seen in training become &lt;UNK&gt;. At n = 1 nothing is padded, so ⟨/s⟩ itself is &lt;UNK&gt;.</source>
        <translation>nltk.lm 的约定（其 padded_everygram_pipeline）：每句前补 n − 1 个 ⟨s⟩，句后补 n − 1 个 ⟨/s⟩，都当作词计数，所以词表 V（加一平滑为其中每个词加 1）也包含 ⟨s⟩、⟨/s⟩ 和 &lt;UNK&gt;；预测每个词和第一个 ⟨/s⟩。未登录词阈值 1：训练中从未出现的词记为 &lt;UNK&gt;。n = 1 时不补任何符号，所以 ⟨/s⟩ 本身记为 &lt;UNK&gt;。</translation>
    </message>
    <message>
        <source>The strip shows the first {0} of {1} tokens; log P, H and PP count them all.</source>
        <translation>条带只显示 {1} 个词元中的前 {0} 个；log P、H 和 PP 计入全部词元。</translation>
    </message>
    <message>
        <source>log₂ P(sentence) = {0}</source>
        <translation>log₂ P(句子) = {0}</translation>
    </message>
    <message>
        <source>cross-entropy H = −(1/N) Σ log₂ P = {0} bits/token  (N = {1})</source>
        <translation>交叉熵 H = −(1/N) Σ log₂ P = {0} 比特/词元（N = {1}）</translation>
    </message>
    <message>
        <source>perplexity PP = 2^H = {0}</source>
        <translation>困惑度 PP = 2^H = {0}</translation>
    </message>
    <message>
        <source>P({0} | {1}) = {2}</source>
        <translation>P({0} | {1}) = {2}</translation>
    </message>
    <message>
        <source>MLE c(h w) / c(h) = {0} / {1} = {2}</source>
        <translation>MLE c(h w) / c(h) = {0} / {1} = {2}</translation>
    </message>
    <message>
        <source>MLE undefined: the context h was never seen (c(h) = 0)</source>
        <translation>MLE 无定义：上下文 h 从未出现（c(h) = 0）</translation>
    </message>
    <message>
        <source>order {0}: c({1} {2}) = {3}, c({1}) = {4}</source>
        <translation>{0} 阶：c({1} {2}) = {3}，c({1}) = {4}</translation>
    </message>
    <message>
        <source>seen after the full context: the n-gram estimate is used</source>
        <translation>在完整上下文之后出现过：使用 n 元语法估计</translation>
    </message>
    <message>
        <source>back-off lands at order {0} (the highest order with a count)</source>
        <translation>回退到 {0} 阶（有计数的最高阶）</translation>
    </message>
    <message>
        <source>never seen at any order: only smoothing gives it probability</source>
        <translation>在任何阶都未出现：只有平滑给它概率</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>Some saved settings were not used: {0}</source>
        <translation>部分已保存的设置未被使用：{0}</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Attention Lab session (*.json)</source>
        <translation>Attention Lab 会话 (*.json)</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Cannot show scene</source>
        <translation>无法显示场景</translation>
    </message>
    <message>
        <source>This lecture needs a view that this version does not have: {0}</source>
        <translation>这个课件需要一个本版本没有的视图：{0}</translation>
    </message>
    <message>
        <source>Open lecture</source>
        <translation>打开课件</translation>
    </message>
    <message>
        <source>Attention Lab lecture (*.json)</source>
        <translation>Attention Lab 课件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot open lecture</source>
        <translation>无法打开课件</translation>
    </message>
    <message>
        <source>Save lecture</source>
        <translation>保存课件</translation>
    </message>
    <message>
        <source>Cannot save lecture</source>
        <translation>无法保存课件</translation>
    </message>
</context>
<context>
    <name>ShiftTab</name>
    <message>
        <source>
        Angle-sum formulas: sin(ω(pos+k)) = cos(ωk)·sin(ωpos) + sin(ωk)·cos(ωpos) and
        cos(ω(pos+k)) = cos(ωk)·cos(ωpos) − sin(ωk)·sin(ωpos). So &lt;b&gt;PE(pos+k) = M&lt;sub&gt;k&lt;/sub&gt;·PE(pos)&lt;/b&gt;:
        M&lt;sub&gt;k&lt;/sub&gt; turns every sine/cosine pair by the angle ω·k, and it is the same matrix for every pos — a
        relation a linear layer can learn.</source>
        <translation>和角公式：sin(ω(pos+k)) = cos(ωk)·sin(ωpos) + sin(ωk)·cos(ωpos)，cos(ω(pos+k)) = cos(ωk)·cos(ωpos) − sin(ωk)·sin(ωpos)。因此 &lt;b&gt;PE(pos+k) = M&lt;sub&gt;k&lt;/sub&gt;·PE(pos)&lt;/b&gt;：M&lt;sub&gt;k&lt;/sub&gt; 把每一对正弦/余弦旋转角度 ω·k，而且对每个 pos 都是同一个矩阵 —— 这是线性层可以学会的关系。</translation>
    </message>
    <message>
        <source>Both sides, dimension by dimension</source>
        <translation>等式两边，逐维比较</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>M_k</source>
        <translation>M_k</translation>
    </message>
    <message>
        <source>input dimension</source>
        <translation>输入维度</translation>
    </message>
    <message>
        <source>output dimension</source>
        <translation>输出维度</translation>
    </message>
    <message>
        <source>PE({0})</source>
        <translation>PE({0})</translation>
    </message>
    <message>
        <source>M_{0} · PE({1})</source>
        <translation>M_{0} · PE({1})</translation>
    </message>
    <message>
        <source>max |M_{1}·PE({0}) − PE({0} + {1})| = {2}</source>
        <translation>max |M_{1}·PE({0}) − PE({0} + {1})| = {2}</translation>
    </message>
    <message>
        <source>M_{0}: 2×2 rotation blocks</source>
        <translation>M_{0}：2×2 旋转块</translation>
    </message>
    <message>
        <source>M_{0}: rotates (i, d_model/2 + i)</source>
        <translation>M_{0}：旋转 (i, d_model/2 + i)</translation>
    </message>
    <message>
        <source>M_{0}[{1}, {2}] = {3}</source>
        <translation>M_{0}[{1}, {2}] = {3}</translation>
    </message>
    <message>
        <source>dim {0}: PE({1}) = {2}, M_k·PE({3}) = {4}, difference {5}; PE({3}) = {6}</source>
        <translation>维度 {0}：PE({1}) = {2}，M_k·PE({3}) = {4}，差值 {5}；PE({3}) = {6}</translation>
    </message>
</context>
<context>
    <name>SimilarityMatrixTab</name>
    <message>
        <source>Type words to compare</source>
        <translation>输入要比较的词</translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>cos(e_i, e_j)</source>
        <translation>cos(e_i, e_j)</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>词：</translation>
    </message>
    <message>
        <source>cos({0}, {1}) = {2}</source>
        <translation>余弦相似度 cos({0}, {1}) = {2}</translation>
    </message>
    <message>
        <source>Cosine similarity of {0} words ({1})</source>
        <translation>{0} 个词的余弦相似度（{1}）</translation>
    </message>
</context>
<context>
    <name>SimilarityTab</name>
    <message>
        <source>
        PE(i) · PE(j) = Σ&lt;sub&gt;pairs&lt;/sub&gt; cos(ω·(i − j)): the similarity depends &lt;b&gt;only on the distance
        i − j&lt;/b&gt;, so each diagonal has one colour and every row is the same curve slid along. Neighbours are the
        most similar; with cosine similarity the diagonal is exactly 1.</source>
        <translation>PE(i) · PE(j) = Σ&lt;sub&gt;各对&lt;/sub&gt; cos(ω·(i − j))：相似度&lt;b&gt;只取决于距离 i − j&lt;/b&gt;，所以每条对角线颜色相同，每一行都是同一条曲线平移而来。相邻位置最相似；用余弦相似度时对角线恰好为 1。</translation>
    </message>
    <message>
        <source>Similarity of positions</source>
        <translation>位置之间的相似度</translation>
    </message>
    <message>
        <source>position j</source>
        <translation>位置 j</translation>
    </message>
    <message>
        <source>position i</source>
        <translation>位置 i</translation>
    </message>
    <message>
        <source>Row pos of the matrix</source>
        <translation>矩阵的第 pos 行</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>PE(i) · PE(j)</source>
        <translation>PE(i) · PE(j)</translation>
    </message>
    <message>
        <source>cos(PE(i), PE(j))</source>
        <translation>cos(PE(i), PE(j))</translation>
    </message>
    <message>
        <source>row {0}</source>
        <translation>第 {0} 行</translation>
    </message>
    <message>
        <source>row 0, moved right by {0}</source>
        <translation>第 0 行，右移 {0}</translation>
    </message>
    <message>
        <source>Row {0} of the matrix</source>
        <translation>矩阵的第 {0} 行</translation>
    </message>
    <message>
        <source>{0} for i = {1}, j = {2} (distance {3}): {4}</source>
        <translation>i = {1}，j = {2}（距离 {3}）时的{0}：{4}</translation>
    </message>
    <message>
        <source>positions {0} and {1} (distance {2}): {3}</source>
        <translation>位置 {0} 和 {1}（距离 {2}）：{3}</translation>
    </message>
</context>
<context>
    <name>StagesPanel</name>
    <message>
        <source>model</source>
        <extracomment>where the vertical grid lines are (probabilities) the least rows drawn however short the plots: the likeliest token and &quot;other&quot; (at 22 pt in Chinese on a 720-pixel projector the plots hold two rows; three were drawn over each other) a row&apos;s height in lines of the tick font (token names need a little air between them)</extracomment>
        <translation>模型</translation>
    </message>
    <message>
        <source>special tokens cut</source>
        <translation>去掉特殊词元</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>top-k</source>
        <translation>top-k</translation>
    </message>
    <message>
        <source>top-p</source>
        <translation>核采样 top-p</translation>
    </message>
    <message>
        <source>min-p</source>
        <translation>min-p</translation>
    </message>
    <message>
        <source>Follow greedy</source>
        <extracomment>pixels between the bar&apos;s end and the text</extracomment>
        <translation>回到贪心解码</translation>
    </message>
    <message>
        <source>Show the steps of the greedy output again</source>
        <translation>重新显示贪心解码输出的各步</translation>
    </message>
    <message>
        <source>other {0}</source>
        <translation>其他 {0}</translation>
    </message>
    <message>
        <source>kept {0} %
H = {1} bits</source>
        <translation>保留 {0} %
H = {1} 比特</translation>
    </message>
</context>
<context>
    <name>StepBar</name>
    <message>
        <source>|◀ Start</source>
        <extracomment>how many steps of the search to show Back, Next or Play was used: the owner gives the keyboard to the tree</extracomment>
        <translation>|◀ 开始</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 后退</translation>
    </message>
    <message>
        <source>One step back (←)</source>
        <translation>后退一步 (←)</translation>
    </message>
    <message>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>播放 / 暂停（空格）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>One step forward (→)</source>
        <translation>前进一步 (→)</translation>
    </message>
    <message>
        <source>End ▶|</source>
        <translation>结束 ▶|</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Zoom in (key +, or the mouse wheel)</source>
        <translation>放大（+ 键，或用鼠标滚轮）</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>finished ✓</source>
        <translation>完成 ✓</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>剪枝</translation>
    </message>
    <message>
        <source>forced</source>
        <translation>强制</translation>
    </message>
    <message>
        <source>selected hypothesis</source>
        <translation>选中的假设</translation>
    </message>
    <message>
        <source>numbers:&amp;nbsp;log&amp;nbsp;P</source>
        <translation>数字：&amp;nbsp;log&amp;nbsp;P</translation>
    </message>
    <message>
        <source>Each box: the token and the cumulative log-probability log P of the prefix it ends. A box that ends a hypothesis also shows its rank and normalised score. Hover over a box for the arithmetic; click it to inspect it.</source>
        <translation>每个方框：词元，以及以它结尾的前缀的累计对数概率 log P。结束一个假设的方框还显示其排名和归一化得分。悬停在方框上可查看计算过程；点击可查看详情。</translation>
    </message>
    <message>
        <source>More ▾</source>
        <extracomment>from 20 pt: Start, End and the zoom, side by side in its popup (hidden below)</extracomment>
        <translation>更多 ▾</translation>
    </message>
    <message>
        <source>Start, End and the zoom (keys Home, End, +, − and 0 on the tree)</source>
        <translation>开始、结束和缩放（在树上按 Home、End、+、− 和 0 键）</translation>
    </message>
    <message>
        <source>Step {0} of {1}</source>
        <extracomment>the view&apos;s widgets added to the row (add_widget), in order</extracomment>
        <translation>第 {0} 步，共 {1} 步</translation>
    </message>
    <message>
        <source>{0} least likely candidates not drawn</source>
        <translation>未画出可能性最低的 {0} 个候选</translation>
    </message>
    <message>
        <source>❚❚ Pause</source>
        <translation>❚❚ 暂停</translation>
    </message>
    <message>
        <source>Back to the start (Home)</source>
        <translation>回到开头（Home 键）</translation>
    </message>
    <message>
        <source>Show the whole search (End)</source>
        <translation>显示整个搜索（End 键）</translation>
    </message>
    <message>
        <source>Zoom out (key −, or the mouse wheel)</source>
        <extracomment>how many candidates the tree leaves out (&quot;All candidates&quot; past its box limit): a label of its own at the end of the row, so that its text never widens the step counter and pushes Export and Details onto another line (at 22 pt the row then scrolled the page)</extracomment>
        <translation>缩小（− 键，或用鼠标滚轮）</translation>
    </message>
    <message>
        <source>Fit the steps shown, at a readable size (key 0)</source>
        <translation>适配已显示的步骤，保持易读的大小（按键 0）</translation>
    </message>
</context>
<context>
    <name>Tokens</name>
    <message>
        <source>{0} character</source>
        <extracomment>(one, many) for each unit: &quot;{0}&quot; is the count</extracomment>
        <translation>{0} 个字符</translation>
    </message>
    <message>
        <source>{0} characters</source>
        <translation>{0} 个字符</translation>
    </message>
    <message>
        <source>{0} word</source>
        <translation>{0} 个词</translation>
    </message>
    <message>
        <source>{0} words</source>
        <translation>{0} 个词</translation>
    </message>
    <message>
        <source>{0} word piece</source>
        <translation>{0} 个子词</translation>
    </message>
    <message>
        <source>{0} word pieces</source>
        <translation>{0} 个子词</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <source>words</source>
        <translation>词</translation>
    </message>
    <message>
        <source>word pieces</source>
        <translation>子词</translation>
    </message>
    <message>
        <source>alphabet</source>
        <extracomment>what the set of a model&apos;s tokens is called: an alphabet holds characters, a vocabulary words</extracomment>
        <translation>字母表</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>词表</translation>
    </message>
</context>
<context>
    <name>TrainingControls</name>
    <message>
        <source>dates</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>zh-en grammar</source>
        <translation>中英语法</translation>
    </message>
    <message>
        <source>lists of dates</source>
        <translation>日期列表</translation>
    </message>
    <message>
        <source>RNN with attention</source>
        <translation>带注意力的循环网络</translation>
    </message>
    <message>
        <source>RNN without attention</source>
        <translation>不带注意力的循环网络</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>Transformer without positional encoding</source>
        <translation>不带位置编码的 Transformer</translation>
    </message>
    <message>
        <source>lecture</source>
        <translation>课堂</translation>
    </message>
    <message>
        <source>tiny (tests)</source>
        <translation>微型（测试用）</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>training time (s)</source>
        <translation>训练时间（秒）</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Run B: trained beside run A, with the same seed and settings</source>
        <translation>运行 B：与运行 A 并排训练，种子和设置相同</translation>
    </message>
    <message>
        <source>The seed of the weights, the batches and dropout; used by Reset</source>
        <translation>权重、批次和随机失活的随机种子；重置时使用</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Start training (the trainer runs in its own process)</source>
        <translation>开始训练（训练器在自己的进程中运行）</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>One optimisation step, then pause</source>
        <translation>做一步优化，然后暂停</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>A fresh model from the seed</source>
        <translation>用种子重新初始化一个模型</translation>
    </message>
    <message>
        <source>Use this model</source>
        <translation>使用此模型</translation>
    </message>
    <message>
        <source>Offer run A&apos;s model as it is now in the model selectors of the other views</source>
        <translation>把运行 A 当前的模型加入其他视图的模型选择框</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Write run A&apos;s model (safetensors and config.json) to a folder</source>
        <translation>把运行 A 的模型（权重文件和配置文件）写入一个文件夹</translation>
    </message>
    <message>
        <source>The rate reached after the warm-up; it then falls as 1/√step (the Transformers&apos; from step 100, the RNNs&apos; from step 240). The Optimiser tab shows the rate each step used</source>
        <translation>预热结束时达到的学习率；之后按 1/√步数 下降（Transformer 从第 100 步起，循环网络从第 240 步起）。“优化器”标签页显示每一步实际使用的学习率</translation>
    </message>
    <message>
        <source>Run B&apos;s label smoothing (everything else is run A&apos;s)</source>
        <translation>运行 B 的标签平滑（其余设置与运行 A 相同）</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>The largest global gradient norm a step may apply (0: no clipping)</source>
        <translation>每一步允许的最大全局梯度范数（0：不裁剪）</translation>
    </message>
    <message>
        <source>The share of decoder inputs that are the right previous token; the rest are the model&apos;s own prediction</source>
        <translation>解码器输入中使用正确的前一个词元的比例；其余使用模型自己的预测</translation>
    </message>
    <message>
        <source>Run A:</source>
        <translation>运行 A：</translation>
    </message>
    <message>
        <source>Run B:</source>
        <translation>运行 B：</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Learning rate:</source>
        <translation>学习率：</translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation>批大小：</translation>
    </message>
    <message>
        <source>Label smoothing:</source>
        <translation>标签平滑：</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B：</translation>
    </message>
    <message>
        <source>Gradient clipping:</source>
        <translation>梯度裁剪：</translation>
    </message>
    <message>
        <source>Teacher forcing:</source>
        <translation>教师强制：</translation>
    </message>
    <message>
        <source>Against:</source>
        <translation>横轴：</translation>
    </message>
    <message>
        <source>Settings ▾</source>
        <translation>设置 ▾</translation>
    </message>
    <message>
        <source>Learning rate, batch size, label smoothing, gradient clipping, teacher forcing and the horizontal axis</source>
        <translation>学习率、批大小、标签平滑、梯度裁剪、教师强制和横轴</translation>
    </message>
</context>
<context>
    <name>TrainingExplanation</name>
    <message>
        <source>A model learns here while you watch: each step takes a batch of examples, measures the loss (cross-entropy against the right next token, with label smoothing), follows its gradient (clipped to a largest norm) and moves the weights. Every few steps the model translates held-out inputs it never trained on, and the fixed probe input shows its attention: a blur at first, then the alignment. Run B beside run A answers &quot;what if there were no attention?&quot; or &quot;no positional encoding?&quot; with the same seed and settings.</source>
        <translation>模型在这里当着你的面学习：每一步取一批样例，计算损失（对正确的下一个词元的交叉熵，含标签平滑），沿梯度方向（梯度裁剪到最大范数）更新权重。每隔几步，模型翻译它从未训练过的留出输入，固定的探针输入显示它的注意力：起初一片模糊，随后出现对齐。与运行 A 并排的运行 B 用相同的种子和设置回答“如果没有注意力会怎样？”或“如果没有位置编码会怎样？”。</translation>
    </message>
    <message>
        <source>loss = −Σ q(y) log P(y | x),  q = (1 − ε)·one-hot + ε/V   (ε: label smoothing)
g ← g · min(1, c / ‖g‖)   (gradient clipping at norm c);   row entropy H = −Σ α log₂ α bits</source>
        <translation>损失 = −Σ q(y) log P(y | x)，q = (1 − ε)·独热 + ε/V   （ε：标签平滑）
g ← g · min(1, c / ‖g‖)   （按范数 c 梯度裁剪）；  行熵 H = −Σ α log₂ α 比特</translation>
    </message>
</context>
<context>
    <name>TrainingView</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>loss (nats per token)</source>
        <translation>损失（每个词元的奈特数）</translation>
    </message>
    <message>
        <source>held-out exact match</source>
        <translation>留出集完全匹配率</translation>
    </message>
    <message>
        <source>input length (tokens)</source>
        <translation>输入长度（词元）</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Optimiser</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Save run A&apos;s model in a folder</source>
        <translation>把运行 A 的模型保存到文件夹</translation>
    </message>
    <message>
        <source>Train run A first (Start or Step).</source>
        <translation>请先训练运行 A（开始或单步）。</translation>
    </message>
    <message>
        <source>trained: {0}, step {1}</source>
        <translation>训练所得：{0}，第 {1} 步</translation>
    </message>
    <message>
        <source>“{0}” is now in the model selectors of the other views.</source>
        <translation>“{0}”已加入其他视图的模型选择框。</translation>
    </message>
    <message>
        <source>Saved run A&apos;s model at step {0} in {1}</source>
        <translation>已把运行 A 第 {0} 步的模型保存到 {1}</translation>
    </message>
    <message>
        <source>Run {0} failed: {1}</source>
        <translation>运行 {0} 失败：{1}</translation>
    </message>
    <message>
        <source>{0} training loss</source>
        <translation>{0} 训练损失</translation>
    </message>
    <message>
        <source>{0} held-out loss</source>
        <translation>{0} 留出集损失</translation>
    </message>
    <message>
        <source>{0} exact match</source>
        <translation>{0} 完全匹配率</translation>
    </message>
    <message>
        <source>{0} by input length</source>
        <translation>{0} 按输入长度</translation>
    </message>
    <message>
        <source>{0} learning rate</source>
        <translation>{0} 学习率</translation>
    </message>
    <message>
        <source>{0} before clipping</source>
        <translation>{0} 裁剪前</translation>
    </message>
    <message>
        <source>{0} after clipping</source>
        <translation>{0} 裁剪后</translation>
    </message>
    <message>
        <source>{0} probe entropy</source>
        <translation>{0} 探针熵</translation>
    </message>
    <message>
        <source>training time (s)</source>
        <translation>训练时间（秒）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>starting the trainer…</source>
        <translation>正在启动训练器…</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>{0}: {1}, step {2}</source>
        <translation>{0}：{1}，第 {2} 步</translation>
    </message>
    <message>
        <source>, {0} steps/s</source>
        <translation>，每秒 {0} 步</translation>
    </message>
    <message>
        <source>{0} {1} (step {2})</source>
        <translation>{0} {1}（第 {2} 步）</translation>
    </message>
    <message>
        <source>Training, seed {0}: {1}</source>
        <translation>训练，种子 {0}：{1}</translation>
    </message>
</context>
<context>
    <name>View</name>
    <message>
        <source>This view has no data to export as CSV.</source>
        <extracomment>the view&apos;s name in the registry, sessions and --view: its package&apos;s name, app/views/&lt;view_id&gt;/ the navigation title in English, marked QT_TRANSLATE_NOOP(&quot;&lt;ClassName&gt;&quot;, …); title() translates it kinds of payload other views may send here (see SharedState.send), e.g. (&quot;distribution&quot;,) milliseconds a burst of edits must settle before a request goes out the class of the view&apos;s state (app/views/&lt;view_id&gt;/state.py): every user choice, Qt-free every user choice of the view (an instance of `State`): the single source of truth</extracomment>
        <translation>此视图没有可导出为 CSV 的数据。</translation>
    </message>
</context>
<context>
    <name>WavelengthTab</name>
    <message>
        <source>
        Pair i repeats every λ&lt;sub&gt;i&lt;/sub&gt; = 2π/ω&lt;sub&gt;i&lt;/sub&gt; positions. The wavelengths grow geometrically,
        from 2π up to about 2π·base: short waves tell neighbours apart, long waves keep far-apart positions
        distinct. Pairs above the sequence-length line never finish one period inside the sequence.</source>
        <extracomment>(position along the line as a fraction of the plot&apos;s width, text anchor): left end above the line, right end above, left end below, right end below</extracomment>
        <translation>第 i 对每隔 λ&lt;sub&gt;i&lt;/sub&gt; = 2π/ω&lt;sub&gt;i&lt;/sub&gt; 个位置重复一次。波长按几何级数增长，从 2π 到约 2π·base：短波区分相邻位置，长波使相距很远的位置也能区分开。位于序列长度线以上的对在序列内连一个周期都走不完。</translation>
    </message>
    <message>
        <source>Wavelength of each dimension pair</source>
        <translation>每对维度的波长</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>第 i 对</translation>
    </message>
    <message>
        <source>wavelength (positions, log scale)</source>
        <translation>波长（位置数，对数刻度）</translation>
    </message>
    <message>
        <source>sequence length n = {0}</source>
        <translation>序列长度 n = {0}</translation>
    </message>
    <message>
        <source>2π</source>
        <translation>2π</translation>
    </message>
    <message>
        <source>2π·base</source>
        <translation>2π·base</translation>
    </message>
    <message>
        <source>pair {0} (dims {1} and {2}): wavelength {3} positions, frequency ω = {4} per position</source>
        <translation>第 {0} 对（维度 {1} 和 {2}）：波长 {3} 个位置，频率 ω = 每个位置 {4}</translation>
    </message>
</context>
<context>
    <name>WhatIfPanel</name>
    <message>
        <source>Force it and search again</source>
        <extracomment>the token id to impose after the inspected prefix whether the tree should draw the what-if search instead of the original</extracomment>
        <translation>强制它并重新搜索</translation>
    </message>
    <message>
        <source>Draw the what-if search in the tree</source>
        <extracomment>this panel&apos;s own message line (a what-if search that failed)</extracomment>
        <translation>在树中画出强制试改搜索</translation>
    </message>
    <message>
        <source>What if the next token were…</source>
        <translation>如果下一个词元是…</translation>
    </message>
    <message>
        <source>Pick a next token (or click its bar) and force it: the search re-runs from that prefix and its outcome appears here beside the original.</source>
        <translation>选择一个下一词元（或点击它的柱条）并强制它：搜索会从该前缀重新运行，结果显示在这里，与原结果并列。</translation>
    </message>
    <message>
        <source>Searching from the forced prefix {0}…</source>
        <translation>正在从强制前缀 {0} 开始搜索…</translation>
    </message>
    <message>
        <source>&lt;table&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th&gt;best output&lt;/th&gt;&lt;th&gt;log P&lt;/th&gt;&lt;th&gt;score&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;original&lt;/td&gt;{0}&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;forced &lt;span style=&apos;font-family:monospace&apos;&gt;{1}&lt;/span&gt;&lt;/td&gt;{2}&lt;/tr&gt;&lt;/table&gt;The forced tokens cost log p = {3}. {4}</source>
        <translation>&lt;table&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th&gt;最优输出&lt;/th&gt;&lt;th&gt;log P&lt;/th&gt;&lt;th&gt;得分&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;原始&lt;/td&gt;{0}&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;强制 &lt;span style=&apos;font-family:monospace&apos;&gt;{1}&lt;/span&gt;&lt;/td&gt;{2}&lt;/tr&gt;&lt;/table&gt;强制的词元代价为 log p = {3}。{4}</translation>
    </message>
    <message>
        <source>The forced search found a &lt;b&gt;better&lt;/b&gt; score: the original search missed it.</source>
        <translation>强制搜索找到了&lt;b&gt;更好&lt;/b&gt;的得分：原搜索错过了它。</translation>
    </message>
    <message>
        <source>The original output keeps the better score.</source>
        <translation>原输出的得分仍然更好。</translation>
    </message>
</context>
<context>
    <name>WhyScaleTab</name>
    <message>
        <source>q·k unscaled</source>
        <translation>q·k 未缩放</translation>
    </message>
    <message>
        <source>√d_k (theory)</source>
        <translation>√d_k（理论值）</translation>
    </message>
    <message>
        <source>unscaled</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <source>scaled by 1/√d_k</source>
        <translation>乘以 1/√d_k</translation>
    </message>
    <message>
        <source>1/keys (flat)</source>
        <translation>1/键数（均匀）</translation>
    </message>
    <message>
        <source>std q·k</source>
        <translation>q·k 的标准差</translation>
    </message>
    <message>
        <source>std q·k/√d_k</source>
        <translation>q·k/√d_k 的标准差</translation>
    </message>
    <message>
        <source>max w</source>
        <translation>最大 w</translation>
    </message>
    <message>
        <source>max w scaled</source>
        <translation>缩放后的最大 w</translation>
    </message>
    <message>
        <source>q and k have {0} independent standard normal entries; each point averages {1} queries against {2} keys. Unscaled, q·k spreads like √d_k and softmax puts almost all weight on one key (its gradient vanishes); divided by √d_k the spread stays 1 and the weights stay soft.</source>
        <translation>q 和 k 各有 {0} 个独立的标准正态元素；每个点是 {1} 个查询对 {2} 个键的平均。不缩放时，q·k 的离散程度按 √d_k 增长，softmax 几乎把全部权重放在一个键上（梯度消失）；除以 √d_k 后离散程度保持为 1，权重保持平滑。</translation>
    </message>
    <message>
        <source>Spread (std) of the scores</source>
        <extracomment>the table&apos;s most of the tab&apos;s width: wider, at 22 pt on 1280×680 it left each plot 210 px, too narrow for the curves and their legend (it scrolls sideways inside its panel instead)</extracomment>
        <translation>分数的离散程度（标准差）</translation>
    </message>
    <message>
        <source>d_k (log scale)</source>
        <translation>d_k（对数刻度）</translation>
    </message>
    <message>
        <source>standard deviation</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Average largest softmax weight</source>
        <translation>平均最大 softmax 权重</translation>
    </message>
    <message>
        <source>largest weight</source>
        <translation>最大权重</translation>
    </message>
</context>
<context>
    <name>WordPiecePanel</name>
    <message>
        <source>Merge word pieces</source>
        <translation>合并子词</translation>
    </message>
    <message>
        <source>Merge word pieces into words: sum the columns of a word&apos;s pieces and average its rows (each row still sums to 1)</source>
        <translation>把子词合并成词：把一个词的各子词列相加、各行取平均（每行之和仍为 1）</translation>
    </message>
    <message>
        <source>Hide special tokens</source>
        <translation>隐藏特殊词元</translation>
    </message>
    <message>
        <source>Hide special tokens and renormalise: remove [CLS], [SEP], &lt;/s&gt;… and divide each row by the attention left on the other tokens</source>
        <translation>隐藏特殊词元并重新归一化：去掉 [CLS]、[SEP]、&lt;/s&gt;… 并把每行除以剩余词元上的注意力之和</translation>
    </message>
    <message>
        <source>Sinks (%): </source>
        <translation>汇点（%）：</translation>
    </message>
    <message>
        <source>Attention sinks: the mean attention each head puts on special tokens and the first token</source>
        <translation>注意力汇点（attention sink）：每个头放在特殊词元和第一个词元上的平均注意力</translation>
    </message>
    <message>
        <source>Attention on special tokens + first token, layer {0}, heads 1–{1} (%): {2}</source>
        <translation>特殊词元 + 第一个词元上的注意力，第 {0} 层，第 1–{1} 个头（%）：{2}</translation>
    </message>
</context>
<context>
    <name>ZeroCountPanel</name>
    <message>
        <source>Type it in the sentence box</source>
        <translation>填入句子框</translation>
    </message>
    <message>
        <source>MLE gives every held-out sentence a probability above 0 with n = {0}: no zero count to rescue here (try a larger n).</source>
        <translation>n = {0} 时 MLE 给每个留出句子的概率都大于 0：这里没有需要挽救的零计数（试试更大的 n）。</translation>
    </message>
    <message>
        <source>Held-out sentence {0}: “{1}”. One of its {2}-grams never occurred in training: MLE gives it probability 0, perplexity ∞.</source>
        <translation>留出句子 {0}：“{1}”。它有一个 {2} 元组在训练中从未出现：MLE 给它的概率为 0，困惑度为 ∞。</translation>
    </message>
    <message>
        <source>MLE (counting)</source>
        <translation>MLE（计数）</translation>
    </message>
    <message>
        <source>Rescued by {0}</source>
        <translation>由{0}挽救</translation>
    </message>
</context>
</TS>
