/* Tally: relative times, the stale-data note, and sortable tables. A classic script (no modules, no fetch, no network) that enhances the
   tables the HTML already shows in their default order: a button in each header, aria-sort,
   keyboard use, number- and date-aware comparison (data-sort wins over the shown text), stable,
   shift-click for a further key, and the sort kept in the URL fragment so a view can be shared. */
(function () {
  'use strict';

  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

  function slug(text) {
    return text.toLowerCase().trim().replace(/[^a-z0-9\u00c0-\uffff]+/g, '-').replace(/^-+|-+$/g, '') || 'column';
  }

  function cellText(row, index) {
    var cell = row.cells[index];
    if (!cell) { return ''; }
    var given = cell.getAttribute('data-sort');
    return given !== null ? given : cell.textContent.trim();
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

  function columnKind(rows, index) {
    var kind = null;
    for (var i = 0; i < rows.length; i++) {
      var text = cellText(rows[i], index);
      if (text === '') { continue; }
      var found = !isNaN(asNumber(text)) ? 'number' : (!isNaN(asDate(text)) ? 'date' : 'text');
      if (kind === null) { kind = found; } else if (kind !== found) { return 'text'; }
    }
    return kind || 'text';
  }

  /* Sort keys are worked out once per column and kept: numbers and dates parsed, text turned
     into its rank in collation order. A 10,000-row sort then compares plain numbers. */
  function columnKeys(table, index) {
    var column = table.columns[index];
    if (!column.keys) {
      var texts = table.rows.map(function (row) { return cellText(row, index); });
      if (column.kind === 'number') {
        column.keys = texts.map(asNumber);
      } else if (column.kind === 'date') {
        column.keys = texts.map(asDate);
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

  function SortableTable(table, name, announcer) {
    this.table = table;
    this.name = name;
    this.announcer = announcer;
    this.body = table.tBodies[0];
    this.rows = Array.prototype.slice.call(this.body.rows);
    this.headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    this.keys = [];
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
      return { id: id, label: label, kind: columnKind(self.rows, index), sortable: true };
    });
  }

  SortableTable.prototype.choose = function (index, extend) {
    var column = this.columns[index];
    var found = -1;
    for (var i = 0; i < this.keys.length; i++) { if (this.keys[i].index === index) { found = i; } }
    var firstDirection = column.kind === 'text' ? 'asc' : 'desc';
    if (extend) {
      if (found >= 0) { this.keys[found].direction = this.keys[found].direction === 'asc' ? 'desc' : 'asc'; }
      else { this.keys.push({ index: index, direction: firstDirection }); }
    } else if (found === 0 && this.keys.length === 1) {
      this.keys[0].direction = this.keys[0].direction === 'asc' ? 'desc' : 'asc';
    } else {
      this.keys = [{ index: index, direction: firstDirection }];
    }
    this.apply();
    writeFragment();
    var first = this.keys[0];
    this.announcer.textContent = 'Sorted by ' + this.columns[first.index].label + ', ' +
      (first.direction === 'asc' ? 'ascending' : 'descending') + (this.keys.length > 1 ? ', then ' + (this.keys.length - 1) + ' more' : '');
  };

  SortableTable.prototype.apply = function () {
    var self = this;
    var keys = this.keys;
    var columns = this.columns;
    var values = keys.map(function (key) { return columnKeys(self, key.index); });
    var order = this.rows.map(function (row, index) { return index; });
    order.sort(function (a, b) {
      for (var i = 0; i < keys.length; i++) {
        var x = values[i][a];
        var y = values[i][b];
        var result = x - y;
        if (result !== 0 && !isNaN(result)) { return keys[i].direction === 'asc' ? result : -result; }
      }
      return a - b; /* stable: the default (HTML) order breaks ties */
    });
    // Rows move fastest into a fresh body outside the document, swapped in at once.
    var rows = this.rows;
    var old = this.body;
    var fresh = old.cloneNode(false);
    var parent = old.parentNode;
    var next = old.nextSibling;
    parent.removeChild(old);
    old.textContent = '';
    order.forEach(function (index) { fresh.appendChild(rows[index]); });
    parent.insertBefore(fresh, next);
    this.body = fresh;
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

  SortableTable.prototype.state = function () {
    var columns = this.columns;
    return this.keys.map(function (key) { return columns[key.index].id + ':' + key.direction; }).join(',');
  };

  SortableTable.prototype.restore = function (state) {
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
    this.apply();
  };

  var tables = [];

  function readFragment() {
    var values = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var at = pair.indexOf('=');
      if (at > 0) { values[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1)); }
    });
    return values;
  }

  function writeFragment() {
    var parts = [];
    tables.forEach(function (table) {
      var state = table.state();
      if (state) { parts.push(encodeURIComponent(table.name) + '=' + state); }
    });
    var hash = parts.length ? '#' + parts.join('&') : '';
    var url = location.href.replace(/#.*$/, '') + hash;
    try { history.replaceState(null, '', url); } catch (error) { location.hash = hash; }
  }

  function nameFor(table, taken) {
    var node = table.previousElementSibling;
    while (node && !/^H[1-6]$/.test(node.tagName)) { node = node.previousElementSibling; }
    var name = node && node.tagName !== 'H1' ? slug(node.textContent) : 'sort';
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

  /* The footer's build time and data age come from assets/site.js, so pages stay unchanged
     between builds; the stale note is decided by the reader's clock. */
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
      var note = document.querySelector('.stale-note');
      if (note) { note.hidden = now - Date.parse(site.newest) <= 7 * 86400000; }
    }
    status.appendChild(document.createTextNode(' · '));
  }

  /* Times are absolute in the HTML (UTC); how long ago depends on when the page is read. */
  function showTimes() {
    var now = Date.now();
    showSiteStatus(now);
    Array.prototype.forEach.call(document.querySelectorAll('time[data-relative]'), function (time) {
      addRelative(time, Date.parse(time.getAttribute('datetime')), now);
    });
    tables.forEach(function (table) {
      table.columns.forEach(function (column, index) {
        if (column.kind !== 'date') { return; }
        table.rows.forEach(function (row) {
          var cell = row.cells[index];
          if (!cell) { return; }
          if (cell.getAttribute('data-sort') === null) { cell.setAttribute('data-sort', cell.textContent.trim()); }
          addRelative(cell, asDate(cell.getAttribute('data-sort')), now);
        });
      });
    });
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

  function start() {
    startSearchBox();
    var announcer = document.createElement('p');
    announcer.className = 'visually-hidden';
    announcer.setAttribute('aria-live', 'polite');
    (document.querySelector('main') || document.body).appendChild(announcer);
    var taken = {};
    Array.prototype.forEach.call(document.querySelectorAll('main table'), function (table) {
      if (!table.tHead || !table.tBodies.length) { return; }
      var wrapper = document.createElement('div');
      wrapper.className = 'table-scroll';
      table.parentNode.insertBefore(wrapper, table);
      wrapper.appendChild(table);
      tables.push(new SortableTable(table, nameFor(wrapper, taken), announcer));
    });
    showTimes();
    restoreAll();
    window.addEventListener('hashchange', restoreAll);
    // Work out sort keys while the reader is idle, a column at a time, so a first click is quick.
    var idle = window.requestIdleCallback || function (callback) { return setTimeout(callback, 50); };
    tables.forEach(function (table) {
      table.columns.forEach(function (column, index) {
        if (column.sortable) { idle(function () { columnKeys(table, index); }); }
      });
    });
  }

  function restoreAll() {
    var values = readFragment();
    tables.forEach(function (table) {
      if (values[table.name] !== undefined || table.keys.length) { table.restore(values[table.name]); }
    });
  }

  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
}());
