#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H
/* Debian's libqrencode (libqrencode-dev): the QR code of a shared record's link is its module
   matrix, drawn as SVG by carereport (Sources/CareReports/Share/QRCodeSVG.swift). */
#include <qrencode.h>
#endif
