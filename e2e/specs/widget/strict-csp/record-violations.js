window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
});
