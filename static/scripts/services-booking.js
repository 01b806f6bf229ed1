/*
 * Booking widget for the services-booking page. It mounts in
 * #services-booking-widget, offers the services listed in the page and
 * prepares the request as an e-mail to the stores' booking desk, so it works
 * with no booking backend. A provider's own script can replace this file
 * through cms/services-booking.json.
 */
/* global document, window, MutationObserver */
;(function () {
  function mount() {
    var root = document.getElementById('services-booking-widget')
    if (!root || root.getAttribute('data-mounted')) return
    root.setAttribute('data-mounted', '1')
    var services = []
    try {
      services = JSON.parse(root.getAttribute('data-services') || '[]')
    } catch {
      services = []
    }
    var tomorrow = new Date(Date.now() + 86400000).toISOString().slice(0, 10)
    var form = document.createElement('form')
    form.setAttribute('data-testid', 'booking-form')
    form.style.cssText = 'display:grid;gap:12px;max-width:420px'
    function field(label, control) {
      var wrap = document.createElement('label')
      wrap.style.cssText = 'display:grid;gap:4px;font-size:14px'
      wrap.appendChild(document.createTextNode(label))
      control.style.cssText = 'min-height:44px;padding:0 8px;border:1px solid #E3E5E8;border-radius:8px;font:inherit'
      wrap.appendChild(control)
      form.appendChild(wrap)
      return control
    }
    var service = document.createElement('select')
    services.forEach(function (name) {
      var option = document.createElement('option')
      option.value = name
      option.textContent = name
      service.appendChild(option)
    })
    field('Servizio', service)
    var date = document.createElement('input')
    date.type = 'date'
    date.min = tomorrow
    date.value = tomorrow
    date.required = true
    field('Giorno', date)
    var slot = document.createElement('select')
    ;['Mattina (9-13)', 'Pomeriggio (14-19)'].forEach(function (label) {
      var option = document.createElement('option')
      option.textContent = label
      slot.appendChild(option)
    })
    field('Fascia oraria', slot)
    var phone = document.createElement('input')
    phone.type = 'tel'
    phone.required = true
    phone.autocomplete = 'tel'
    field('Telefono per la conferma', phone)
    var submit = document.createElement('button')
    submit.type = 'submit'
    submit.textContent = 'Invia la richiesta'
    submit.style.cssText = 'min-height:44px;border:0;border-radius:999px;background:#E31C58;color:#fff;font:inherit;font-weight:700;cursor:pointer'
    form.appendChild(submit)
    form.addEventListener('submit', function (event) {
      event.preventDefault()
      var body = 'Servizio: ' + service.value + '\nGiorno: ' + date.value + '\nFascia: ' + slot.value + '\nTelefono: ' + phone.value
      window.location.href = 'mailto:prenotazioni@zampa.it?subject=' + encodeURIComponent('Prenotazione: ' + service.value) + '&body=' + encodeURIComponent(body)
    })
    root.appendChild(form)
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount)
  else mount()
  // The page may mount after the script ran (client-side navigation).
  var observer = new MutationObserver(mount)
  observer.observe(document.documentElement, { childList: true, subtree: true })
})()
