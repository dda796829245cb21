/* Tally charts (chart pages only): the list / grid view buttons, the default artwork in place of a
   cover that cannot load, and the share button. The view is kept in the URL fragment (through
   tally.js, which loads first) and in this browser. */
(function () {
  'use strict';
  var fragment = window.tallyFragment;
  var script = document.currentScript;
  var artwork = script ? script.src.replace(/charts\.js([?#].*)?$/, 'artwork.svg') : '';
  var views = [];

  function chartView() {
    var links = document.querySelectorAll('main a[href="#view=list"], main a[href="#view=grid"]');
    var table = document.querySelector('main table');
    if (links.length !== 2 || !table || !fragment) { return; }
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
    moves(table);
    var saved = null;
    try { saved = localStorage.getItem('tally-chart-view'); } catch (error) { /* storage off */ }
    showView(fragment.read().view || saved || 'list', false);
    window.addEventListener('hashchange', function () {
      var view = fragment.read().view;
      if (view !== (fragment.extra.view || undefined)) { showView(view, false); }
    });
  }

  /* Ups and downs coloured (their arrow and number say it too); in the grid they name what they count. */
  function moves(table) {
    var column = Array.prototype.map.call(table.querySelectorAll('thead th'), function (th) { return th.textContent.trim(); }).indexOf('Move');
    if (column < 0) { return; }
    Array.prototype.forEach.call(table.querySelectorAll('tbody tr'), function (row) {
      var cell = row.cells[column], text = cell ? cell.textContent.trim() : '';
      var kind = text.charAt(0) === '\u25B2' ? 'up' : text.charAt(0) === '\u25BC' ? 'down' : text === 'new' ? 'new' : '';
      if (cell) { cell.className = kind ? 'move move-' + kind : 'move'; }
    });
  }

  function showView(view, save) {
    view = view === 'grid' ? 'grid' : 'list';
    views.table.classList.toggle('grid', view === 'grid');
    views.forEach(function (button) { button.setAttribute('aria-pressed', String(button.value === view)); });
    fragment.extra.view = view === 'grid' ? 'grid' : '';
    if (save) {
      try { localStorage.setItem('tally-chart-view', view); } catch (error) { /* storage off */ }
      fragment.write();
    }
  }

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

  function useDefault(image) {
    if (!artwork || image.src === artwork) { return; }
    image.src = artwork;
    image.classList.remove('fallback');
    image.classList.add('default-artwork');
  }
  document.addEventListener('error', function (event) {
    if (event.target && event.target.tagName === 'IMG') { useDefault(event.target); }
  }, true);

  function start() {
    // A picture that failed before this ran may already show tally.js's placeholder ('fallback',
    // still loading, so not yet complete): it takes the artwork too, whichever came first.
    Array.prototype.forEach.call(document.images, function (image) {
      if (image.classList.contains('fallback') || (image.complete && image.naturalWidth === 0 && image.getAttribute('src'))) {
        useDefault(image);
      }
    });
    chartView();
    share();
  }
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
}());
