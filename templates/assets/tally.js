/* Tally: relative times, the stale-data note, and sortable tables. A classic script (no modules, no fetch, no network) that enhances the
   tables the HTML already shows in their default order: a button in each header, aria-sort,
   keyboard use, number- and date-aware comparison (data-sort wins over the shown text), stable,
   shift-click for a further key, and the sort kept in the URL fragment so a view can be shared. */
(function () {
  'use strict';

  var script = document.currentScript;
  var artwork = script ? script.src.replace(/tally\.js([?#].*)?$/, 'artwork.svg') : '';
  /* Fragment keys that are not table sorts (the chart view), kept when the sort changes. */
  var extra = {};

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
    Object.keys(extra).forEach(function (key) { if (extra[key]) { parts.push(key + '=' + extra[key]); } });
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
    chartView();
    share();
    // Work out sort keys while the reader is idle, a column at a time, so a first click is quick.
    var idle = window.requestIdleCallback || function (callback) { return setTimeout(callback, 50); };
    tables.forEach(function (table) {
      table.columns.forEach(function (column, index) {
        if (column.sortable) { idle(function () { columnKeys(table, index); }); }
      });
    });
  }

  /* Charts: a list/grid switch, kept in the URL (#view=grid) and remembered for the next chart. */
  var views = [];
  function chartView() {
    var links = document.querySelectorAll('main a[href="#view=list"], main a[href="#view=grid"]');
    var table = document.querySelector('main table');
    if (links.length !== 2 || !table) { return; }
    views = Array.prototype.map.call(links, function (link) {
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'view-button';
      button.value = link.getAttribute('href').slice(6);
      button.textContent = link.textContent;
      button.addEventListener('click', function () { showView(button.value, true); });
      link.parentNode.replaceChild(button, link);
      return button;
    });
    views.table = table;
    var saved = null;
    try { saved = localStorage.getItem('tally-chart-view'); } catch (error) { /* storage off */ }
    showView(readFragment().view || saved || 'list', false);
  }

  function showView(view, save) {
    if (!views.table) { return; }
    view = view === 'grid' ? 'grid' : 'list';
    views.table.classList.toggle('grid', view === 'grid');
    views.forEach(function (button) { button.setAttribute('aria-pressed', String(button.value === view)); });
    extra.view = view === 'grid' ? 'grid' : '';
    if (save) {
      try { localStorage.setItem('tally-chart-view', view); } catch (error) { /* storage off */ }
      writeFragment();
    }
  }

  /* Share: the Web Share API, else copy the link, else a field to select it from. */
  function share() {
    Array.prototype.forEach.call(document.querySelectorAll('main a[href="#share"]'), function (link) {
      var code = link.parentNode.querySelector('code');
      if (!code) { return; }
      var url = code.textContent;
      var heading = document.querySelector('h1');
      var title = heading ? heading.textContent : document.title;
      function field() {
        var input = document.createElement('input');
        input.readOnly = true;
        input.value = url;
        input.className = 'share-field';
        input.setAttribute('aria-label', 'Link to share');
        input.addEventListener('focus', function () { input.select(); });
        code.parentNode.replaceChild(input, code);
        if (link.parentNode) { link.parentNode.removeChild(link); }
        return input;
      }
      if (!navigator.share && !(navigator.clipboard && navigator.clipboard.writeText)) { field(); return; }
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'share-button';
      button.textContent = navigator.share ? 'Share…' : 'Copy link';
      button.addEventListener('click', function () {
        if (navigator.share) { navigator.share({ title: title, url: url }).catch(function () {}); return; }
        navigator.clipboard.writeText(url).then(function () { button.textContent = 'Link copied'; },
          function () { field().focus(); });
      });
      link.parentNode.replaceChild(button, link);
    });
  }

  /* Artwork that fails to load (or never had a source) shows the theme's default artwork. */
  function useDefault(image) {
    if (!artwork || image.src === artwork) { return; }
    image.src = artwork;
    image.classList.add('default-artwork');
  }
  document.addEventListener('error', function (event) {
    if (event.target && event.target.tagName === 'IMG') { useDefault(event.target); }
  }, true);
  Array.prototype.forEach.call(document.images, function (image) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) { useDefault(image); }
  });

  function restoreAll() {
    var values = readFragment();
    if (views.table && values.view !== (extra.view || undefined)) { showView(values.view, false); }
    tables.forEach(function (table) {
      if (values[table.name] !== undefined || table.keys.length) { table.restore(values[table.name]); }
    });
  }

  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
}());

/* Tweets: initials in place of avatars that cannot load (offline, removed), and pictures zoomed by
   click, wheel, pinch and the + / − / 0 keys. Separate from the tables above. */
(function () {
  'use strict';

  function watchAvatars() {
    function mark(img) { img.classList.add('broken'); }
    document.addEventListener('error', function (event) {
      var target = event.target;
      if (target && target.classList && target.classList.contains('avatar-img')) { mark(target); }
    }, true);
    Array.prototype.forEach.call(document.querySelectorAll('img.avatar-img'), function (img) {
      if (img.complete && img.naturalWidth === 0) { mark(img); }
    });
  }

  function zoomable(img) {
    var scale = 1, x = 0, y = 0, pointers = {}, pinch = null, drag = null, moved = false;
    function apply() {
      if (scale <= 1) { scale = 1; x = 0; y = 0; }
      img.style.transform = scale === 1 ? '' : 'translate(' + x + 'px,' + y + 'px) scale(' + scale + ')';
      img.classList.toggle('zoomed', scale > 1);
      img.setAttribute('data-zoom', String(Math.round(scale * 100) / 100));
    }
    function zoomAt(next, px, py) {
      next = Math.max(1, Math.min(8, next));
      x = px - (px - x) * (next / scale);
      y = py - (py - y) * (next / scale);
      scale = next;
      apply();
    }
    function local(event) {
      var box = img.getBoundingClientRect();
      return { x: event.clientX - box.left + x, y: event.clientY - box.top + y };
    }
    function centre() { return { x: img.clientWidth / 2, y: img.clientHeight / 2 }; }
    img.addEventListener('click', function (event) {
      if (moved) { moved = false; return; }
      var at = local(event);
      zoomAt(scale > 1 ? 1 : 2.5, at.x, at.y);
    });
    img.addEventListener('wheel', function (event) {
      event.preventDefault();
      var at = local(event);
      zoomAt(scale * Math.exp(-event.deltaY * 0.002), at.x, at.y);
    }, { passive: false });
    img.addEventListener('keydown', function (event) {
      var c = centre(), step = 40;
      if (event.key === '+' || event.key === '=') { zoomAt(scale * 1.25, c.x, c.y); }
      else if (event.key === '-' || event.key === '_' || event.key === '\u2212') { zoomAt(scale / 1.25, c.x, c.y); }
      else if (event.key === '0') { zoomAt(1, c.x, c.y); }
      else if (scale > 1 && event.key === 'ArrowLeft') { x += step; apply(); }
      else if (scale > 1 && event.key === 'ArrowRight') { x -= step; apply(); }
      else if (scale > 1 && event.key === 'ArrowUp') { y += step; apply(); }
      else if (scale > 1 && event.key === 'ArrowDown') { y -= step; apply(); }
      else { return; }
      event.preventDefault();
    });
    img.addEventListener('pointerdown', function (event) {
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      var ids = Object.keys(pointers);
      if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: scale };
      } else if (scale > 1) {
        drag = { x: event.clientX - x, y: event.clientY - y };
      }
    });
    img.addEventListener('pointermove', function (event) {
      if (!pointers[event.pointerId]) { return; }
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      var ids = Object.keys(pointers);
      if (pinch && ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var at = local({ clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 });
        zoomAt(pinch.scale * Math.hypot(a.x - b.x, a.y - b.y) / pinch.distance, at.x, at.y);
        moved = true;
      } else if (drag) {
        x = event.clientX - drag.x;
        y = event.clientY - drag.y;
        moved = true;
        apply();
      }
    });
    function release(event) {
      delete pointers[event.pointerId];
      if (Object.keys(pointers).length < 2) { pinch = null; }
      drag = null;
    }
    img.addEventListener('pointerup', release);
    img.addEventListener('pointercancel', release);
    img.addEventListener('dragstart', function (event) { event.preventDefault(); });
    apply();
  }

  function start() {
    watchAvatars();
    Array.prototype.forEach.call(document.querySelectorAll('img.zoomable'), zoomable);
  }

  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
}());
