/* Tally zoom (a tweet's picture page and a photo page only): a picture zoomed at the pointer by
   click, wheel and pinch, moved by dragging or the arrow keys, and by the + / − / 0 keys. Tweet
   pictures (img.zoomable) start here; photos.js calls window.tallyZoom for its photo. */
(function () {
  'use strict';

  /* `box` takes the events and data-zoom (the image itself unless given); `status` reads the zoom
     out; `global` takes the keys anywhere on the page but in a field. */
  function zoomable(img, box, status, global) {
    box = box || img;
    var scale = 1, x = 0, y = 0, pointers = {}, pinch = null, drag = null, moved = false;
    function apply() {
      if (scale <= 1) { scale = 1; x = 0; y = 0; }
      img.style.transform = scale === 1 ? '' : 'translate(' + x + 'px,' + y + 'px) scale(' + scale + ')';
      img.classList.toggle('zoomed', scale > 1);
      box.classList.toggle('zoomed', scale > 1);
      box.setAttribute('data-zoom', String(Math.round(scale * 100) / 100));
    }
    function zoomAt(next, px, py) {
      next = Math.max(1, Math.min(8, next));
      x = px - (px - x) * (next / scale);
      y = py - (py - y) * (next / scale);
      scale = next;
      apply();
      if (status) { status.textContent = 'Zoom ' + Math.round(scale * 100) + ' %'; }
    }
    function local(event) {
      var rect = img.getBoundingClientRect();
      return { x: event.clientX - rect.left + x, y: event.clientY - rect.top + y };
    }
    box.addEventListener('click', function (event) {
      if (moved) { moved = false; return; }
      var at = local(event);
      zoomAt(scale > 1 ? 1 : 2, at.x, at.y);
    });
    box.addEventListener('wheel', function (event) {
      event.preventDefault();
      var at = local(event);
      zoomAt(scale * Math.exp(-event.deltaY * 0.002), at.x, at.y);
    }, { passive: false });
    (global ? document : box).addEventListener('keydown', function (event) {
      var key = event.key, cx = img.clientWidth / 2, cy = img.clientHeight / 2, step = 40;
      if (event.ctrlKey || event.metaKey || event.altKey || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) { return; }
      if (key === '+' || key === '=') { zoomAt(scale * 1.25, cx, cy); }
      else if (key === '-' || key === '_' || key === '\u2212') { zoomAt(scale / 1.25, cx, cy); }
      else if (key === '0') { zoomAt(1, cx, cy); }
      else if (scale > 1 && /^Arrow/.test(key)) {
        x += key === 'ArrowLeft' ? step : key === 'ArrowRight' ? -step : 0;
        y += key === 'ArrowUp' ? step : key === 'ArrowDown' ? -step : 0;
        apply();
      } else { return; }
      event.preventDefault();
    });
    box.addEventListener('pointerdown', function (event) {
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      var ids = Object.keys(pointers);
      if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: scale };
      } else if (scale > 1) {
        drag = { x: event.clientX - x, y: event.clientY - y };
      }
    });
    box.addEventListener('pointermove', function (event) {
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
    ['pointerup', 'pointercancel', 'pointerleave'].forEach(function (name) {
      box.addEventListener(name, function (event) {
        delete pointers[event.pointerId];
        if (Object.keys(pointers).length < 2) { pinch = null; }
        drag = null;
      });
    });
    img.addEventListener('dragstart', function (event) { event.preventDefault(); });
    apply();
  }

  window.tallyZoom = zoomable;
  function start() { Array.prototype.forEach.call(document.querySelectorAll('img.zoomable'), function (img) { zoomable(img); }); }
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
}());
