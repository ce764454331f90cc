/**
 * A test double of Stripe.js for the e2e run (served for https://js.stripe.com/* by stripe-helpers.ts; Stripe.js
 * itself cannot load here). It implements only what the public site's card step calls, through
 * @stripe/react-stripe-js:
 *
 *   Stripe(publishableKey) → { elements(), confirmCardPayment(clientSecret, { payment_method: { card } }), … }
 *   elements.create('card') / getElement('card' | CardElement) → an element with mount, on/off('change'|'ready'|…),
 *   update({ disabled }), destroy
 *
 * The card element is four plain inputs (labelled like Stripe's fields) in the page instead of Stripe's iframe.
 * confirmCardPayment completes the PaymentIntent on the Stripe stand-in exactly as Stripe.js does on Stripe:
 * `POST https://api.stripe.com/v1/payment_intents/{id}/confirm` with the publishable key and the client secret in
 * the form body (stripe-helpers.ts forwards api.stripe.com to the stand-in). The number typed picks Stripe's test
 * payment method: 4000 0000 0000 0002 → pm_card_chargeDeclined, any other valid number → pm_card_visa.
 */
(function () {
  'use strict';
  var API = 'https://api.stripe.com/v1';
  var TEST_CARDS = { 4000000000000002: 'pm_card_chargeDeclined', 4242424242424242: 'pm_card_visa' };

  function digits(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return number.length >= 13 && sum % 10 === 0;
  }

  /** The card element's state as Stripe reports it in `change` events. */
  function cardState(values, blurred) {
    var number = digits(values.number);
    var exp = digits(values.exp);
    var cvc = digits(values.cvc);
    var zip = String(values.zip || '').trim();
    var error;
    var month = Number(exp.slice(0, 2));
    var year = 2000 + Number(exp.slice(2, 4));
    var now = new Date();
    if (number.length >= 16 && !luhn(number)) error = 'Your card number is invalid.';
    else if (number.length > 0 && number.length < 16 && blurred.number) error = 'Your card number is incomplete.';
    else if (exp.length === 4 && (month < 1 || month > 12)) error = "Your card's expiration date is invalid.";
    else if (exp.length === 4 && (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)))
      error = "Your card's expiration year is in the past.";
    else if (exp.length > 0 && exp.length < 4 && blurred.exp) error = "Your card's expiration date is incomplete.";
    else if (cvc.length > 0 && cvc.length < 3 && blurred.cvc) error = "Your card's security code is incomplete.";
    var complete = !error && number.length === 16 && exp.length === 4 && cvc.length >= 3 && zip.length >= 5;
    return {
      elementType: 'card',
      empty: !number && !exp && !cvc && !zip,
      complete: complete,
      brand: number[0] === '4' ? 'visa' : number[0] === '5' ? 'mastercard' : 'unknown',
      value: { postalCode: zip },
      error: error ? { type: 'validation_error', code: 'invalid_card', message: error } : undefined,
    };
  }

  function createCardElement() {
    var handlers = {};
    var root = null;
    var inputs = {};
    var blurred = {};
    var values = { number: '', exp: '', cvc: '', zip: '' };
    var element;

    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }

    function field(name, label, placeholder, autocomplete, width) {
      var input = document.createElement('input');
      input.setAttribute('aria-label', label);
      input.setAttribute('placeholder', placeholder);
      input.setAttribute('autocomplete', autocomplete);
      input.setAttribute('inputmode', 'numeric');
      input.style.cssText =
        'border:0;outline:0;font:inherit;font-size:16px;min-width:0;padding:0;background:transparent;color:#1f2937;flex:' + width;
      input.addEventListener('input', function () {
        values[name] = input.value;
        emit('change', cardState(values, blurred));
      });
      input.addEventListener('focus', function () {
        emit('focus', { elementType: 'card' });
      });
      input.addEventListener('blur', function () {
        blurred[name] = true;
        emit('blur', { elementType: 'card' });
        emit('change', cardState(values, blurred));
      });
      inputs[name] = input;
      return input;
    }

    element = {
      __double: true,
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        root = document.createElement('div');
        root.className = 'stripe-js-double-card';
        root.style.cssText = 'display:flex;gap:12px;align-items:center;width:100%';
        root.appendChild(field('number', 'Card number', '1234 1234 1234 1234', 'cc-number', '3 1 0'));
        root.appendChild(field('exp', 'Expiration date MM / YY', 'MM / YY', 'cc-exp', '1.2 1 0'));
        root.appendChild(field('cvc', 'Security code', 'CVC', 'cc-csc', '1 1 0'));
        root.appendChild(field('zip', 'ZIP', 'ZIP', 'postal-code', '1 1 0'));
        node.appendChild(root);
        setTimeout(function () {
          emit('ready', { elementType: 'card' });
        }, 0);
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      once: function (event, handler) {
        var wrapped = function (payload) {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return handler && h !== handler;
        });
        return element;
      },
      update: function (options) {
        if (options && typeof options.disabled === 'boolean') {
          Object.keys(inputs).forEach(function (name) {
            inputs[name].disabled = options.disabled;
          });
        }
      },
      focus: function () {
        if (inputs.number) inputs.number.focus();
      },
      blur: function () {},
      clear: function () {
        Object.keys(inputs).forEach(function (name) {
          inputs[name].value = '';
          values[name] = '';
        });
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
      },
      destroy: function () {
        element.unmount();
        handlers = {};
      },
      paymentMethodId: function () {
        var number = digits(values.number);
        return TEST_CARDS[number] || 'pm_card_visa';
      },
    };
    return element;
  }

  function createElements() {
    var created = {};
    return {
      create: function (type, options) {
        if (type !== 'card') throw new Error('The Stripe.js test double implements only the card element, not ' + type);
        created.card = createCardElement(options);
        return created.card;
      },
      getElement: function (type) {
        var name = typeof type === 'string' ? type : type && type.__elementType;
        return created[name] || null;
      },
      update: function () {},
    };
  }

  function form(fields) {
    var body = new URLSearchParams();
    Object.keys(fields).forEach(function (key) {
      if (fields[key] !== undefined && fields[key] !== null) body.set(key, String(fields[key]));
    });
    return body.toString();
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_…)');
    }

    function request(method, path, fields) {
      var init = { method: method };
      var url = API + path;
      var body = form(Object.assign({ key: publishableKey }, fields));
      // A "simple" request (form body, no custom header), as Stripe.js sends it: no CORS preflight.
      if (method === 'GET') url += '?' + body;
      else {
        init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
        init.body = body;
      }
      return fetch(url, init).then(function (response) {
        return response.json().then(function (json) {
          return { ok: response.ok, json: json };
        });
      });
    }

    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function () {
        return createElements();
      },
      // Never called by the card step; @stripe/react-stripe-js checks they exist before it accepts a Stripe object.
      createToken: function () {
        return Promise.reject(new Error('createToken is not implemented by the Stripe.js test double'));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error('createPaymentMethod is not implemented by the Stripe.js test double'));
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = String(clientSecret || '').split('_secret_')[0];
        var card = data && data.payment_method && data.payment_method.card;
        if (!id || !card || !card.paymentMethodId) {
          return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The Stripe.js test double needs a card element.' } });
        }
        return request('POST', '/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          client_secret: clientSecret,
          payment_method: card.paymentMethodId(),
        }).then(
          function (reply) {
            if (!reply.ok) return { error: reply.json.error || { type: 'api_error', message: 'Payment failed.' } };
            var intent = reply.json;
            if (intent.last_payment_error && intent.status !== 'succeeded') {
              return { error: Object.assign({}, intent.last_payment_error, { payment_intent: intent }) };
            }
            return { paymentIntent: intent };
          },
          function () {
            return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } };
          },
        );
      },
      retrievePaymentIntent: function (clientSecret) {
        var id = String(clientSecret || '').split('_secret_')[0];
        return request('GET', '/payment_intents/' + encodeURIComponent(id), { client_secret: clientSecret }).then(function (reply) {
          return reply.ok ? { paymentIntent: reply.json } : { error: reply.json.error };
        });
      },
    };
  }

  // The release train @stripe/stripe-js 10 expects (it warns about any other with a test key).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
