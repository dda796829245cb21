/* Tally search: results as you type on search/index.html, from file:// too. The index is classic
   scripts (search/index.js, search/shards/N.js, search/docs/B-N.js) added as <script> elements when a
   query needs them: no fetch, no modules, no network. Tokens as Sources/Tally/Engine/Search/SearchText.swift.
   Documents are numbered in blocks (SearchIndexWriter): number = block * blockSize + place. */
(function () {
  'use strict';
  var meta = window.tallySearchIndex, input = document.getElementById('site-search'), main = document.querySelector('main'),
    me = document.currentScript;
  if (!meta || !input || !main || !me) { return; }
  var root = me.src.replace(/assets\/search\.js([?#].*)?$/, ''),
    CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{3ffff}]/u,
    WORD = /[\p{L}\p{M}\p{N}_]/u, DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_', VALUE = {};
  for (var d = 0; d < 64; d++) { VALUE[DIGITS[d]] = d; }
  var shards = {}, chunks = {}, loading = {}, limit = 10, generation = 0;
  /* Numbers are block * blockSize + place; arrays index documents densely, blocks in number order. */
  var blocks = meta.blocks || [], starts = {}, total = 0;
  blocks.forEach(function (b) { starts[b[0]] = total; total += b[1]; });
  function dense(n) { return starts[Math.floor(n / meta.blockSize)] + n % meta.blockSize; }
  function where(i) {
    for (var k = blocks.length - 1; starts[blocks[k][0]] > i; k--) {}
    var place = i - starts[blocks[k][0]];
    return [blocks[k][0] + '-' + Math.floor(place / meta.chunkSize), place % meta.chunkSize];
  }

  function make(tag, name) {
    var element = document.createElement(tag);
    if (name) { element.className = name; }
    return element;
  }

  function fold(text) {
    if (/^[\x00-\x7f]*$/.test(text)) { return text.toLowerCase(); }
    return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').toLowerCase().replace(/ς/g, 'σ');
  }

  function cut(word) {
    if (word.length <= meta.maxLength) { return word; }
    var kept = '';
    for (var ch of word) { if (kept.length + ch.length > meta.maxLength) { break; } kept += ch; }
    return kept;
  }

  /* Tokens as the index has them, and the runs to highlight (words at a word start, CJK anywhere). */
  function analyse(text) {
    var tokens = [], runs = [], word = '', cjk = [];
    function flush() {
      if (word) { tokens.push(cut(word)); runs.push({ text: word, word: true }); word = ''; }
      if (cjk.length) {
        if (cjk.length === 1) { tokens.push(cjk[0]); }
        for (var i = 0; i + 1 < cjk.length; i++) { tokens.push(cjk[i] + cjk[i + 1]); }
        runs.push({ text: cjk.join(''), word: false });
        cjk = [];
      }
    }
    for (var ch of fold(text)) {
      if (CJK.test(ch)) { if (word) { flush(); } cjk.push(ch); }
      else if (WORD.test(ch)) { if (cjk.length) { flush(); } word += ch; }
      else { flush(); }
    }
    flush();
    return { tokens: tokens.filter(function (t, i) { return tokens.indexOf(t) === i; }), runs: runs };
  }

  /* Calls back with each document number of a posting list (gaps, or ~start and a bitmap). */
  function decode(code, callback) {
    var at = 0, value;
    function number() {
      var n = 0, digit;
      do { digit = VALUE[code[at++]]; n = n * 32 + (digit & 31); } while (digit >= 32 && at < code.length);
      return n;
    }
    if (code[0] === '~') {
      at = 1;
      var first = number();
      for (var offset = 0; at < code.length; offset += 6) {
        value = VALUE[code[at++]];
        for (var bit = 0; bit < 6; bit++) { if (value & (1 << bit)) { callback(first + offset + bit); } }
      }
      return;
    }
    for (var previous = -1; at < code.length;) { previous += number() + 1; callback(previous); }
  }

  function load(path, store, number) {
    if (store[number]) { return Promise.resolve(); }
    var url = root + path + number + '.js';
    if (!loading[url]) {
      loading[url] = new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        script.src = url;
        script.onload = resolve;
        script.onerror = function () { delete loading[url]; reject(new Error(url)); };
        document.head.appendChild(script);
      });
    }
    return loading[url];
  }

  window.tallySearch = {
    shard: function (number, data) {
      var tokens = [], title = [], body = [];
      data.split(',').forEach(function (entry) {
        var parts = entry.split(' ');
        tokens.push(parts[0]); title.push(parts[1]); body.push(parts[2]);
      });
      shards[number] = { tokens: tokens, title: title, body: body };
    },
    docs: function (key, records) { chunks[key] = records; }
  };

  function shardOf(token) {
    var low = 0, high = meta.shards.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (meta.shards[middle] <= token) { low = middle; } else { high = middle - 1; }
    }
    return low;
  }

  /* The shards a token and the tokens it begins may be in; a prefix spread wider searches its first shard. */
  function shardsFor(token) {
    var first = shardOf(token), last = shardOf(token + '\uffff'), list = [];
    if (last - first >= 8) { last = first; }
    for (var n = first; n <= last; n++) { list.push(n); }
    return list;
  }

  /* Exact word before prefix, title before body (4, 3, 2, 1 a word); all words must match;
     equal scores go by block, heaviest first, then the highest number first (the newest tweet). */
  function rank(tokens) {
    var count = meta.documents, score = new Uint16Array(count), matched = new Uint8Array(count), best = new Uint8Array(count);
    tokens.forEach(function (token, k) {
      best.fill(0);
      shardsFor(token).forEach(function (n) {
        var shard = shards[n], list = shard.tokens, low = 0, high = list.length;
        while (low < high) { var middle = (low + high) >> 1; if (list[middle] < token) { low = middle + 1; } else { high = middle; } }
        for (var i = low; i < list.length && list[i].lastIndexOf(token, 0) === 0; i++) {
          var exact = list[i] === token ? 2 : 0;
          [shard.title[i], shard.body[i]].forEach(function (code, field) {
            var tier = exact + 2 - field;
            if (code) { decode(code, function (number) { var id = dense(number); if (best[id] < tier) { best[id] = tier; } }); }
          });
        }
      });
      for (var id = 0; id < count; id++) {
        if (best[id] && matched[id] === k) { matched[id]++; score[id] += best[id]; }
      }
    });
    var buckets = [];
    for (var id = count - 1; id >= 0; id--) {
      if (matched[id] === tokens.length) { (buckets[score[id]] = buckets[score[id]] || []).push(id); }
    }
    var ordered = [];
    for (var s = buckets.length - 1; s > 0; s--) { if (buckets[s]) { ordered = ordered.concat(buckets[s]); } }
    return ordered;
  }

  function marked(parent, text, runs, width) {
    var folded = '', map = [], at = 0;
    for (var ch of text) {
      var f = fold(ch);
      for (var k = 0; k < f.length; k++) { folded += f[k]; map.push(at); }
      at += ch.length;
    }
    map.push(text.length);
    var hits = [];
    runs.forEach(function (run) {
      for (var from = 0, found; (found = folded.indexOf(run.text, from)) >= 0; from = found + 1) {
        if (run.word && found > 0 && WORD.test(folded[found - 1])) { continue; }
        hits.push([map[found], map[found + run.text.length]]);
      }
    });
    hits.sort(function (a, b) { return a[0] - b[0]; });
    var start = 0, end = text.length;
    if (width && text.length > width) {
      start = Math.max(0, (hits.length ? hits[0][0] : 0) - 40);
      end = Math.min(text.length, start + width);
    }
    if (start > 0) { parent.appendChild(document.createTextNode('…')); }
    var position = start;
    hits.forEach(function (hit) {
      var from = Math.max(hit[0], position), to = Math.min(hit[1], end);
      if (to <= from) { return; }
      parent.appendChild(document.createTextNode(text.slice(position, from)));
      var mark = make('mark');
      mark.textContent = text.slice(from, to);
      parent.appendChild(mark);
      position = to;
    });
    parent.appendChild(document.createTextNode(text.slice(position, end) + (end < text.length ? '…' : '')));
  }

  var status = make('p', 'search-status');
  status.setAttribute('aria-live', 'polite');
  var list = make('ol', 'search-results');
  // Outside any form: a plain button, with no type to say so.
  var more = make('button', 'more-button');
  more.textContent = 'Show more results';
  more.hidden = true;
  [].forEach.call(main.children, function (child) { if (child.tagName !== 'H1') { child.hidden = true; } });
  main.appendChild(status);
  main.appendChild(list);
  main.appendChild(more);

  function show(query, analysis, ordered) {
    list.textContent = '';
    ordered.slice(0, limit).forEach(function (id) {
      var at = where(id), record = chunks[at[0]][at[1]];
      var item = make('li'), link = make('a');
      link.href = root + record[3];
      var kind = make('span', 'search-kind');
      kind.textContent = record[0];
      link.appendChild(kind);
      marked(link, record[1], analysis.runs);
      item.appendChild(link);
      if (record[2]) {
        var snippet = make('p');
        marked(snippet, record[2], analysis.runs, 160);
        item.appendChild(snippet);
      }
      if (record[4]) {
        var time = make('time');
        time.dateTime = new Date(record[4] * 1000).toISOString();
        time.textContent = time.dateTime.slice(0, 10);
        item.appendChild(time);
      }
      list.appendChild(item);
    });
    var total = ordered.length;
    status.textContent = total === 0 ? 'Nothing found for “' + query + '”.'
      : (total === 1 ? '1 result' : total.toLocaleString('en') + ' results') + ' for “' + query + '”' +
        (total > limit ? ', the first ' + limit + ' shown.' : '.');
    more.hidden = total <= limit;
  }

  function search() {
    var query = input.value.trim();
    var mine = ++generation;
    var hash = query ? '#q=' + encodeURIComponent(query) : '';
    if (location.hash !== hash) { try { history.replaceState(null, '', location.href.replace(/#.*$/, '') + hash); } catch (error) { /* file:// in some browsers */ } }
    var analysis = analyse(query);
    if (!analysis.tokens.length || !meta.documents) {
      list.textContent = '';
      status.textContent = query && !meta.documents ? 'Nothing has been indexed yet.' : '';
      more.hidden = true;
      return;
    }
    var needed = [];
    analysis.tokens.forEach(function (token) { needed = needed.concat(shardsFor(token)); });
    Promise.all(needed.map(function (n) { return load(meta.shardFolder, shards, n); })).then(function () {
      if (mine !== generation) { return null; }
      var ordered = rank(analysis.tokens);
      var wanted = ordered.slice(0, limit).map(function (id) { return where(id)[0]; });
      return Promise.all(wanted.map(function (n) { return load(meta.documentFolder, chunks, n); })).then(function () {
        if (mine === generation) { show(query, analysis, ordered); }
      });
    }).catch(function (error) {
      if (mine === generation) { status.textContent = 'The search index could not be loaded (' + error.message + ').'; }
    });
  }

  function links() { return [].slice.call(list.querySelectorAll('a')); }

  input.addEventListener('input', function () { limit = 10; search(); });
  more.addEventListener('click', function () { limit += 10; search(); });
  input.form.addEventListener('submit', function (event) {
    event.preventDefault();
    var first = links()[0];
    if (first) { location.href = first.href; }
  });
  document.addEventListener('keydown', function (event) {
    var all = links(), at = all.indexOf(document.activeElement);
    if (event.key === 'Escape') {
      input.value = '';
      search();
      input.focus();
    } else if (event.key === 'ArrowDown' && (document.activeElement === input || document.activeElement === document.body || at >= 0) && all[at + 1]) {
      event.preventDefault();
      all[at + 1].focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at > 0 ? all[at - 1] : input).focus();
    }
  });
  function restore() {
    var match = /(?:^#|&)q=([^&]*)/.exec(location.hash);
    var query = match ? decodeURIComponent(match[1].replace(/\+/g, ' ')) : '';
    if (query !== input.value.trim()) { input.value = query; search(); }
  }
  window.addEventListener('hashchange', restore);
  restore();
  input.focus();
}());
