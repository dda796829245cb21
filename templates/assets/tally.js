/* Tally: relative times, the stale-data note, and tables. A classic script (no modules, no fetch, no
   network) that enhances the tables the HTML already shows in their default order: a button in each
   header, aria-sort, keyboard use, number- and date-aware comparison (data-sort wins over the shown
   text), stable, shift-click for a further key; a filter box (case- and accent-blind); long tables
   windowed from their data script; sort and filter kept in the URL fragment so a view can be shared. */
(function () {
  'use strict';

  /* Fragment keys a page script owns (charts.js: `view`), kept beside the tables' state. */
  var extra = {};

  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

  function slug(text) {
    return text.toLowerCase().trim().replace(/[^a-z0-9\u00c0-\uffff]+/g, '-').replace(/^-+|-+$/g, '') || 'column';
  }


  function fold(text) {
    text = text.toLowerCase();
    return /[^\x00-\x7f]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : text;
  }

  function plainText(html) {
    return html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
  }

  function asNumber(text) {
    var plain = text.replace(/[,\u00a0\u202f\s]/g, '');
    return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?%?$/i.test(plain) ? parseFloat(plain) : NaN;
  }

  function asDate(text) {
    var match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(text);
    if (!match) { return NaN; }
    return Date.parse(match[1] + 'T' + (match[2] || '00:00') + 'Z');
  }

  function columnKind(table, index) {
    var column = table.columns[index];
    if (column.kind) { return column.kind; }
    var kind = null;
    for (var i = 0; i < table.count; i++) {
      var text = table.text(i, index);
      if (text === '') { continue; }
      var found = !isNaN(asNumber(text)) ? 'number' : (!isNaN(asDate(text)) ? 'date' : 'text');
      if (found === 'text' || (kind && kind !== found)) { kind = 'text'; break; }
      kind = found;
    }
    return (column.kind = kind || 'text');
  }

  function columnKeys(table, index) {
    var column = table.columns[index];
    if (!column.keys) {
      var texts = [];
      for (var i = 0; i < table.count; i++) { texts.push(table.text(i, index)); }
      var kind = columnKind(table, index);
      if (kind !== 'text') {
        column.keys = texts.map(kind === 'number' ? asNumber : asDate);
      } else {
        var order = texts.map(function (text, i) { return i; });
        order.sort(function (a, b) { return collator.compare(texts[a], texts[b]); });
        column.keys = new Array(texts.length);
        for (var k = 0, rank = 0; k < order.length; k++) {
          if (k > 0 && collator.compare(texts[order[k - 1]], texts[order[k]]) !== 0) { rank = k; }
          column.keys[order[k]] = rank;
        }
      }
    }
    return column.keys;
  }

  function searchTexts(table) {
    if (!table.folded) {
      var folded = new Array(table.count);
      for (var i = 0; i < table.count; i++) {
        var parts = [];
        for (var c = 0; c < table.headers.length; c++) { parts.push(table.text(i, c)); }
        folded[i] = fold(parts.join('\n'));
      }
      table.folded = folded;
    }
    return table.folded;
  }

  function Table(table, name, announcer) {
    this.table = table;
    this.name = name;
    this.announcer = announcer;
    this.body = table.tBodies[0];
    this.data = (window.tallyRows || {})[table.getAttribute('data-rows')] || null;
    this.rows = this.data ? null : Array.prototype.slice.call(this.body.rows);
    this.count = this.data ? this.data.rows.length : this.rows.length;
    this.headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    this.keys = [];
    this.query = '';
    this.order = [];
    for (var i = 0; i < this.count; i++) { this.order.push(i); }
    this.shown = this.order;
    var self = this;
    var used = {};
    this.columns = this.headers.map(function (th, index) {
      var label = th.textContent.trim();
      var id = slug(label || 'column-' + (index + 1));
      while (used[id]) { id += '-' + (index + 1); }
      used[id] = true;
      if (!label) { return { id: id, label: label, kind: 'text', sortable: false }; }
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'sort-button';
      while (th.firstChild) { button.appendChild(th.firstChild); }
      var mark = document.createElement('span');
      mark.className = 'sort-mark';
      mark.setAttribute('aria-hidden', 'true');
      button.appendChild(mark);
      th.appendChild(button);
      button.addEventListener('click', function (event) { self.choose(index, event.shiftKey); });
      return { id: id, label: label, kind: null, sortable: true };
    });
  }

  Table.prototype.text = function (row, index) {
    if (this.data) {
      var value = this.data.rows[row][index];
      if (value === undefined || value === null) { return ''; }
      return typeof value === 'number' ? String(value) : typeof value === 'string' ? value : value.length ? value[0] : plainText(value.h);
    }
    var cell = this.rows[row].cells[index];
    if (!cell) { return ''; }
    var given = cell.getAttribute('data-sort');
    return given !== null ? given : cell.textContent.trim();
  };

  Table.prototype.choose = function (index, extend) {
    var found = -1;
    for (var i = 0; i < this.keys.length; i++) { if (this.keys[i].index === index) { found = i; } }
    var firstDirection = columnKind(this, index) === 'text' ? 'asc' : 'desc';
    if (extend) {
      if (found >= 0) { this.keys[found].direction = this.keys[found].direction === 'asc' ? 'desc' : 'asc'; }
      else { this.keys.push({ index: index, direction: firstDirection }); }
    } else if (found === 0 && this.keys.length === 1) {
      this.keys[0].direction = this.keys[0].direction === 'asc' ? 'desc' : 'asc';
    } else {
      this.keys = [{ index: index, direction: firstDirection }];
    }
    this.sort();
    this.update(true);
    writeFragment();
    var first = this.keys[0];
    this.announcer.textContent = 'Sorted by ' + this.columns[first.index].label + ', ' +
      (first.direction === 'asc' ? 'ascending' : 'descending') + (this.keys.length > 1 ? ', then ' + (this.keys.length - 1) + ' more' : '');
  };

  Table.prototype.sort = function () {
    var self = this;
    var keys = this.keys;
    var values = keys.map(function (key) { return columnKeys(self, key.index); });
    var order = [];
    for (var n = 0; n < this.count; n++) { order.push(n); }
    if (keys.length) {
      order.sort(function (a, b) {
        for (var i = 0; i < keys.length; i++) {
          var result = values[i][a] - values[i][b];
          if (result !== 0 && !isNaN(result)) { return keys[i].direction === 'asc' ? result : -result; }
        }
        return a - b; /* stable: the default (HTML) order breaks ties */
      });
    }
    this.order = order;
  };

  Table.prototype.filter = function (query) {
    this.query = query;
    if (this.input && this.input.value !== query) { this.input.value = query; }
    this.update(true);
  };

  Table.prototype.update = function (toTop) {
    var words = fold(this.query).split(/\s+/).filter(Boolean);
    if (!words.length) {
      this.shown = this.order;
    } else {
      var texts = searchTexts(this);
      this.shown = this.order.filter(function (row) {
        for (var w = 0; w < words.length; w++) { if (texts[row].indexOf(words[w]) < 0) { return false; } }
        return true;
      });
    }
    if (this.data) {
      if (toTop && this.wrapper) { this.wrapper.scrollTop = 0; }
      this.renderWindow(true);
    } else {
      var old = this.body;
      var fresh = old.cloneNode(false);
      var next = old.nextSibling;
      this.table.removeChild(old);
      old.textContent = '';
      for (var i = 0; i < this.shown.length; i++) { fresh.appendChild(this.rows[this.shown[i]]); }
      this.table.insertBefore(fresh, next);
      this.body = fresh;
    }
    this.markHeaders();
    this.showCount();
  };

  Table.prototype.showCount = function () {
    if (this.counter) {
      this.counter.textContent = 'Showing ' + this.shown.length.toLocaleString('en-US') + ' of ' + this.count.toLocaleString('en-US');
    }
  };

  Table.prototype.markHeaders = function () {
    var keys = this.keys;
    this.headers.forEach(function (th, index) {
      var primary = keys.length > 0 && keys[0].index === index;
      if (primary) { th.setAttribute('aria-sort', keys[0].direction === 'asc' ? 'ascending' : 'descending'); }
      else { th.removeAttribute('aria-sort'); }
      var mark = th.querySelector('.sort-mark');
      if (!mark) { return; }
      var position = -1;
      for (var k = 0; k < keys.length; k++) { if (keys[k].index === index) { position = k; } }
      mark.textContent = position < 0 ? '' : (keys[position].direction === 'asc' ? ' ▲' : ' ▼') + (keys.length > 1 ? String(position + 1) : '');
    });
  };

  Table.prototype.startWindow = function (wrapper, heading) {
    var self = this;
    var pending = false;
    this.wrapper = wrapper;
    this.rowHeight = 0;
    wrapper.classList.add('table-window');
    wrapper.tabIndex = 0;
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute('aria-label', (heading ? heading.textContent.trim() + ': ' : '') + 'all rows, scrollable');
    function later() {
      if (pending) { return; }
      pending = true;
      requestAnimationFrame(function () { pending = false; self.renderWindow(false); });
    }
    wrapper.addEventListener('scroll', later);
    window.addEventListener('resize', later);
    var note = wrapper.nextElementSibling;
    var kept = note && note.querySelector('.table-kept');
    if (kept) { kept.hidden = true; }
  };

  Table.prototype.renderWindow = function (force) {
    var total = this.shown.length;
    var height = this.rowHeight || 36;
    var top = Math.max(0, this.wrapper.scrollTop - this.table.tHead.offsetHeight);
    var first = Math.max(0, Math.min(total, Math.floor(top / height) - 10));
    var last = Math.min(total, Math.ceil((top + (this.wrapper.clientHeight || 800)) / height) + 10);
    if (!force && first === this.first && last === this.last) { return; }
    this.first = first;
    this.last = last;
    var body = document.createElement('tbody');
    this.spacer(body, first * height);
    for (var p = first; p < last; p++) { body.appendChild(this.makeRow(this.shown[p], p)); }
    this.spacer(body, (total - last) * height);
    this.table.replaceChild(body, this.body);
    this.body = body;
    this.table.setAttribute('aria-rowcount', String(total + 1));
    if (!this.rowHeight && last - first > 1) {
      var rows = body.querySelectorAll('tr[aria-rowindex]');
      this.rowHeight = (rows[rows.length - 1].getBoundingClientRect().bottom - rows[0].getBoundingClientRect().top) / rows.length || 36;
      this.renderWindow(true);
    }
  };

  Table.prototype.spacer = function (body, pixels) {
    if (pixels <= 0) { return; }
    var row = document.createElement('tr');
    row.className = 'table-spacer';
    row.setAttribute('aria-hidden', 'true');
    var cell = document.createElement('td');
    cell.colSpan = this.headers.length;
    cell.style.height = pixels + 'px';
    row.appendChild(cell);
    body.appendChild(row);
  };

  Table.prototype.makeRow = function (row, position) {
    var tr = document.createElement('tr');
    tr.setAttribute('role', 'row');
    tr.setAttribute('aria-rowindex', String(position + 2));
    var values = this.data.rows[row];
    for (var i = 0; i < this.headers.length; i++) {
      var td = document.createElement('td');
      var value = values[i];
      if (this.headers[i].className) { td.className = this.headers[i].className; }
      if (value && typeof value === 'object') {
        if (value.length) {
          var link = document.createElement('a');
          link.setAttribute('href', this.data.prefixes[i][value[1]] + (value.length > 2 ? value[2] : value[0].replace(/^[#@]/, '')));
          link.textContent = value[0];
          td.appendChild(link);
        } else {
          td.innerHTML = value.h; /* the engine's own cmark-gfm output, as the page would have had it */
        }
      } else if (value !== undefined && value !== null) {
        td.textContent = String(value);
      }
      tr.appendChild(td);
    }
    return tr;
  };

  Table.prototype.state = function () {
    var columns = this.columns;
    return this.keys.map(function (key) { return columns[key.index].id + ':' + key.direction; }).join(',');
  };

  Table.prototype.restore = function (state, query) {
    var columns = this.columns;
    var keys = [];
    (state || '').split(',').forEach(function (part) {
      var pieces = part.split(':');
      for (var i = 0; i < columns.length; i++) {
        if (columns[i].sortable && columns[i].id === pieces[0] && (pieces[1] === 'asc' || pieces[1] === 'desc')) {
          keys.push({ index: i, direction: pieces[1] });
        }
      }
    });
    this.keys = keys;
    this.sort();
    this.query = this.input ? query : '';
    if (this.input) { this.input.value = this.query; }
    this.update(true);
  };

  function addFilter(table, wrapper, heading) {
    if (table.count <= 5) { return; }
    var tools = document.createElement('div');
    tools.className = 'table-tools';
    var label = document.createElement('label');
    label.textContent = 'Filter ';
    var input = document.createElement('input');
    input.type = 'search';
    input.className = 'table-filter';
    input.setAttribute('aria-label', 'Filter ' + (heading ? heading.textContent.trim() : 'rows'));
    label.appendChild(input);
    var counter = document.createElement('span');
    counter.className = 'table-count';
    counter.setAttribute('aria-live', 'polite');
    tools.appendChild(label);
    tools.appendChild(counter);
    wrapper.parentNode.insertBefore(tools, wrapper);
    table.input = input;
    table.counter = counter;
    input.addEventListener('input', function () {
      table.filter(input.value);
      writeFragment();
    });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && input.value) {
        event.preventDefault();
        table.filter('');
        writeFragment();
      }
    });
  }

  var tables = [];

  function readFragment() {
    var values = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var at = pair.indexOf('=');
      if (at > 0) {
        try { values[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1)); } catch (error) { /* a broken pair is ignored */ }
      }
    });
    return values;
  }

  function writeFragment() {
    var parts = [];
    Object.keys(extra).forEach(function (key) { if (extra[key]) { parts.push(key + '=' + extra[key]); } });
    tables.forEach(function (table) {
      var state = table.state();
      if (state) { parts.push(encodeURIComponent(table.name) + '=' + state); }
      if (table.query) { parts.push(encodeURIComponent(table.name) + '.filter=' + encodeURIComponent(table.query)); }
    });
    var hash = parts.length ? '#' + parts.join('&') : '';
    var url = location.href.replace(/#.*$/, '') + hash;
    try { history.replaceState(null, '', url); } catch (error) { location.hash = hash; }
  }

  function headingBefore(element) {
    var node = element.previousElementSibling;
    while (node && !/^H[1-6]$/.test(node.tagName)) { node = node.previousElementSibling; }
    return node;
  }

  function nameFor(heading, taken) {
    var name = heading && heading.tagName !== 'H1' ? slug(heading.textContent) : 'sort';
    var unique = name;
    for (var n = 2; taken[unique]; n++) { unique = name + '-' + n; }
    taken[unique] = true;
    return unique;
  }

  var relative = typeof Intl.RelativeTimeFormat === 'function' ? new Intl.RelativeTimeFormat('en', { numeric: 'auto' }) : null;
  var units = [['year', 31536000], ['month', 2592000], ['week', 604800], ['day', 86400], ['hour', 3600], ['minute', 60]];

  function ago(then, now) {
    var seconds = (then - now) / 1000;
    for (var i = 0; i < units.length; i++) {
      if (Math.abs(seconds) >= units[i][1]) { return relative.format(Math.round(seconds / units[i][1]), units[i][0]); }
    }
    return relative.format(Math.round(seconds), 'second');
  }

  function addRelative(element, then, now) {
    if (!relative || isNaN(then) || element.querySelector('.relative')) { return; }
    var span = document.createElement('span');
    span.className = 'relative';
    span.textContent = ' (' + ago(then, now) + ')';
    element.appendChild(span);
  }

  function showSiteStatus(now) {
    var site = window.tallySite;
    var status = document.querySelector('.site-status');
    if (!site || !status) { return; }
    function time(iso, text) {
      var element = document.createElement('time');
      element.setAttribute('datetime', iso);
      element.setAttribute('data-relative', '');
      element.textContent = text;
      return element;
    }
    status.appendChild(document.createTextNode('As of '));
    status.appendChild(time(site.built, site.builtText));
    if (site.newest) {
      status.appendChild(document.createTextNode(' · newest data '));
      status.appendChild(time(site.newest, site.newestText));
    }
    status.appendChild(document.createTextNode(' · '));
    var note = document.querySelector('.stale-note[data-newest]');
    if (note) { note.hidden = now - Date.parse(note.getAttribute('data-newest')) <= 7 * 86400000; }
  }

  function showTimes() {
    var now = Date.now();
    showSiteStatus(now);
    Array.prototype.forEach.call(document.querySelectorAll('time[data-relative]'), function (time) {
      addRelative(time, Date.parse(time.getAttribute('datetime')), now);
    });
    tables.forEach(function (table) {
      if (table.data) { return; }
      table.columns.forEach(function (column, index) {
        if (!column.sortable || columnKind(table, index) !== 'date') { return; }
        table.rows.forEach(function (row) {
          var cell = row.cells[index];
          if (!cell) { return; }
          if (cell.getAttribute('data-sort') === null) { cell.setAttribute('data-sort', cell.textContent.trim()); }
          addRelative(cell, asDate(cell.getAttribute('data-sort')), now);
        });
      });
    });
  }

  var idle = window.requestIdleCallback || function (callback) { return setTimeout(callback, 50); };

  function enhance(element, heading, name, announcer) {
    var wrapper = document.createElement('div');
    wrapper.className = 'table-scroll';
    element.parentNode.insertBefore(wrapper, element);
    wrapper.appendChild(element);
    var table = new Table(element, name, announcer);
    tables.push(table);
    tables.sort(function (a, b) { return a.table.compareDocumentPosition(b.table) & 2 ? 1 : -1; });
    addFilter(table, wrapper, heading);
    if (table.data) {
      table.startWindow(wrapper, heading);
      table.update(false);
    } else {
      table.showCount(); // a plain table is already in its default order
    }
    restoreTable(table, readFragment());
    table.columns.forEach(function (column, index) {
      if (column.sortable) { idle(function () { columnKeys(table, index); }); }
    });
    if (table.input) { idle(function () { searchTexts(table); }); }
  }

  function loadRows(source, done) {
    var script = document.createElement('script');
    script.src = source;
    script.onload = done;
    script.onerror = done;
    document.body.appendChild(script);
  }

  /* The header's search box goes to the search page with the query in its fragment (the CSP's
     form-action 'none' blocks a real submission); `/` focuses it from anywhere. */
  function startSearchBox() {
    var form = document.querySelector('form.site-search');
    if (!form) { return; }
    var box = form.elements.q;
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (!window.tallySearch) { location.href = form.action + (box.value.trim() ? '#q=' + encodeURIComponent(box.value.trim()) : ''); }
    });
    document.addEventListener('keydown', function (event) {
      var target = event.target;
      if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && !target.isContentEditable) {
        event.preventDefault();
        box.focus();
        box.select();
      }
    });
  }

  /* On a narrow screen the sections' row scrolls sideways: bring the current one into view. */
  function showCurrentSection() {
    var nav = document.querySelector('.site-header nav');
    var current = nav && nav.querySelector('[aria-current]');
    if (!current || nav.scrollWidth <= nav.clientWidth) { return; }
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }

  function start() {
    startSearchBox();
    showCurrentSection();
    var announcer = document.createElement('p');
    announcer.className = 'visually-hidden';
    announcer.setAttribute('aria-live', 'polite');
    (document.querySelector('main') || document.body).appendChild(announcer);
    var taken = {};
    var waiting = 1;
    function ready() {
      if (--waiting === 0 && window.performance && performance.mark) { performance.mark('tally-tables'); }
    }
    Array.prototype.forEach.call(document.querySelectorAll('main table:not(.plot-table)'), function (element) {
      if (!element.tHead || !element.tBodies.length) { return; }
      var heading = headingBefore(element);
      var name = nameFor(heading, taken);
      var source = element.getAttribute('data-rows');
      if (!source) {
        enhance(element, heading, name, announcer);
        return;
      }
      waiting++;
      loadRows(source, function () {
        if (!(window.tallyRows || {})[source]) { element.removeAttribute('data-rows'); }
        enhance(element, heading, name, announcer);
        ready();
      });
    });
    showTimes();
    window.addEventListener('hashchange', function () {
      var values = readFragment();
      tables.forEach(function (table) { restoreTable(table, values); });
    });
    ready();
  }


  function restoreTable(table, values) {
    var query = values[table.name + '.filter'] || '';
    if (values[table.name] !== undefined || table.keys.length || query !== table.query) { table.restore(values[table.name], query); }
  }

  window.tallyFragment = { extra: extra, read: readFragment, write: writeFragment };

  var started = false;
  function begin() {
    if (!started) { started = true; start(); }
  }
  if (document.readyState === 'complete') { begin(); } else {
    document.addEventListener('DOMContentLoaded', begin);
    window.addEventListener('load', begin);
  }
}());

/* Pictures that cannot load (offline, removed): an avatar shows its initials, any other picture
   the theme's placeholder (chart pages put their own artwork over it). Pictures are zoomed by
   zoom.js, which only the pages with a zoomable picture load. */
(function () {
  'use strict';
  var script = document.currentScript;
  var fallback = script ? script.src.replace(/tally\.js([?#].*)?$/, 'picture.svg') : '';

  function broken(img) {
    if (img.classList.contains('avatar-img')) { img.classList.add('broken'); } else if (fallback && img.src !== fallback) {
      img.src = fallback;
      img.classList.add('fallback');
    }
  }

  document.addEventListener('error', function (event) {
    if (event.target && event.target.tagName === 'IMG') { broken(event.target); }
  }, true);
  function check() {
    Array.prototype.forEach.call(document.images, function (img) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) { broken(img); }
    });
  }
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', check); } else { check(); }
}());
