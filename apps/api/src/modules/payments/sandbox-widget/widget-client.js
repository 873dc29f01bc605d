/* global window, document */
// The sandbox widget's behaviour, served as /sandbox/wert/widget.js (the CSP allows no inline
// script). It talks to the page that framed it exactly as Wert's widget talks to
// @wert-io/widget-initializer: window.parent.postMessage({ type, data }) with the types
// loaded | payment-status | position | error | close | rate-update, and it listens for the
// initializer's allow-redirect | extra | parent-hostname. Paying and failing go through the
// sandbox's endpoints, which send our own webhook the event Wert would send.
(function () {
  'use strict';

  var root = document.getElementById('widget');
  if (!root) return;
  // The page may only be framed by our own site (frame-ancestors 'self'): the parent is same-origin.
  var parentOrigin = window.location.origin;
  var query = new URLSearchParams(window.location.search);
  var clickId = query.get('click_id') || '';
  var statusLine = document.getElementById('status');
  var buttons = Array.prototype.slice.call(root.querySelectorAll('button[data-action]'));
  var outcomeButtons = buttons.filter(function (b) {
    return ['pay', 'pending', 'fail'].indexOf(b.getAttribute('data-action')) >= 0;
  });
  var payable = root.getAttribute('data-state') === 'ready';
  var waitingForExtra = payable && root.getAttribute('data-await-data') === 'true';
  var busy = false;

  function post(type, data) {
    if (window.parent === window) return;
    window.parent.postMessage(data === undefined ? { type: type } : { type: type, data: data }, parentOrigin);
  }

  function say(text) {
    if (statusLine) statusLine.textContent = text;
  }

  function setStep(step) {
    Array.prototype.forEach.call(root.querySelectorAll('.steps li'), function (li) {
      if (li.getAttribute('data-step') === step) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    post('position', { step: step });
  }

  function refresh() {
    outcomeButtons.forEach(function (b) {
      b.disabled = !payable || busy || waitingForExtra;
    });
    root.setAttribute('aria-busy', busy ? 'true' : 'false');
  }

  function signedRequest() {
    var body = { click_id: clickId };
    ['address', 'commodity', 'commodity_amount', 'network', 'sc_address', 'sc_input_data', 'signature'].forEach(
      function (k) {
        body[k] = query.get(k) || '';
      },
    );
    return body;
  }

  function call(action) {
    return fetch('../api/' + action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signedRequest()),
      credentials: 'same-origin',
    }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok || body.error) throw new Error(body.msg || 'The sandbox could not complete this step.');
        return body;
      });
    });
  }

  function statusEvent(status, body) {
    return {
      status: status,
      payment_id: (body && body.payment_id) || root.getAttribute('data-payment-id') || '',
      order_id: (body && body.order_id) || root.getAttribute('data-wert-order-id') || '',
      tx_id: (body && body.tx_id) || undefined,
      external_order_id: clickId,
      click_id: clickId,
    };
  }

  function finish(text) {
    payable = false;
    busy = false;
    say(text);
    refresh();
  }

  function fail(err) {
    busy = false;
    say(err.message);
    post('error', { name: 'SandboxError', message: err.message });
    refresh();
  }

  var actions = {
    pay: function () {
      busy = true;
      refresh();
      setStep('processing');
      say('Processing your payment…');
      call('pay')
        .then(function (body) {
          post('payment-status', statusEvent('pending', body));
          // The server says whether the order is paid: it may already be fulfilled, which is paid too.
          if (!body.paid)
            throw new Error('The shop did not accept the payment: the order is ' + body.status + '.');
          post('payment-status', statusEvent('success', body));
          setStep('done');
          finish('Payment complete.');
        })
        .catch(fail);
    },
    pending: function () {
      post('payment-status', statusEvent('pending', null));
      setStep('processing');
      say('Your payment is pending.');
    },
    fail: function () {
      busy = true;
      refresh();
      call('fail')
        .then(function (body) {
          post('payment-status', statusEvent('failed', body));
          setStep('done');
          finish('The payment failed.');
        })
        .catch(fail);
    },
    error: function () {
      post('error', { name: 'SandboxError', message: 'The sandbox widget reported an error.' });
      say('An error was reported.');
    },
    close: function () {
      post('close');
    },
  };

  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      var action = actions[b.getAttribute('data-action')];
      if (action && !b.disabled) action();
    });
  });

  // Escape closes the widget as its Close button does: focus is in this frame once the player
  // has pressed one of its buttons, where the shop's dialog never hears the key.
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') actions.close();
  });

  // What the initializer sends after `loaded`: `extra` carries the item's name.
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var msg = event.data;
    if (!msg || typeof msg !== 'object' || msg.type !== 'extra') return;
    var name = msg.data && msg.data.item_info && msg.data.item_info.name;
    var line = document.getElementById('item-name');
    if (line && typeof name === 'string' && name) {
      line.textContent = 'Buying: ' + name;
      line.hidden = false;
    }
    waitingForExtra = false;
    refresh();
  });

  refresh();
  post('loaded');
  if (root.getAttribute('data-state') === 'error') {
    post('error', {
      name: root.getAttribute('data-error-name') || 'SandboxError',
      message: root.getAttribute('data-error-message') || 'The payment request could not be verified.',
    });
  } else if (payable) {
    var total = document.getElementById('total');
    var amount = query.get('commodity_amount') || '';
    post('rate-update', {
      ticker: '1',
      fee_percent: '0',
      currency_amount: amount,
      fee_amount: '0',
      commodity_amount: amount,
      purchase_amount: amount,
      miner_fee: '0',
      currency_miner_fee: '0',
    });
    if (total) say('Total ' + total.textContent + '. Choose an outcome.');
    post('position', { step: 'review' });
  }
})();
