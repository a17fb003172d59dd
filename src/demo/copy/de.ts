import type { LocaleCopy } from "./types.ts";

// Titles are "männlich|weiblich" where German inflects them; bios name the person instead of
// using pronouns, so they read right for everyone.
export const de: LocaleCopy = {
  legal: {
    titles: [
      "Rechtsanwalt für Vertragsrecht|Rechtsanwältin für Vertragsrecht",
      "Anwalt für Familienrecht|Anwältin für Familienrecht",
      "Anwalt für Arbeitsrecht|Anwältin für Arbeitsrecht",
      "Wirtschaftsanwalt|Wirtschaftsanwältin",
    ],
    taglines: [
      "Praxisnahe Rechtsberatung in verständlicher Sprache",
      "Ihre Interessen schützen, bevor Probleme entstehen",
      "Klare Antworten, feste Honorare, keine Überraschungen",
      "Vertrauensvolle Beratung für Privatpersonen und wachsende Unternehmen",
    ],
    bios: [
      "{name} berät seit {years} Jahren Mandanten in {city} in rechtlichen Fragen. Geschätzt werden sorgfältige Vertragsentwürfe, ehrliche Risikoeinschätzungen und umsetzbare Empfehlungen. Jedes Mandat beginnt mit einem kurzen Gespräch über Umfang und Kosten.",
      "Nach {years} Jahren in einer Kanzlei berät {name} heute Mandanten in {city} und online. Ziel ist eine frühe Lösung – wenn möglich durch Verhandlung, wenn nötig vor Gericht.",
      "Seit {years} Jahren hilft {name} Privatpersonen und Unternehmen in {city}, rechtliche Fragen souverän zu klären. Unterlagen werden zügig geprüft und verständlich erklärt.",
    ],
  },
  accounting: {
    titles: [
      "Buchhaltungsexperte|Buchhaltungsexpertin",
      "Prüfungsspezialist|Prüfungsspezialistin",
      "Bilanzbuchhalter|Bilanzbuchhalterin",
      "Buchhalter für kleine Unternehmen|Buchhalterin für kleine Unternehmen",
    ],
    taglines: [
      "Jeden Monat saubere Bücher und klare Zahlen",
      "Buchhaltung, die das ganze Jahr prüfungssicher ist",
      "Aus Belegen und Tabellen werden verlässliche Berichte",
      "Damit Inhaber ihre Zahlen verstehen",
    ],
    bios: [
      "{name} arbeitet seit {years} Jahren im Rechnungswesen und betreut kleine und mittlere Unternehmen in {city}. Monatsabschlüsse kommen pünktlich, mit kurzen Notizen dazu, was sich geändert hat und warum. Einrichtung und Pflege von Cloud-Tools wie Xero oder QuickBooks gehören zum Service.",
      "Mit {years} Jahren Erfahrung in Prüfung und Berichtswesen hilft {name} Unternehmen in {city}, ihre Bücher korrekt zu führen und den Jahresabschluss gelassen vorzubereiten. Kunden erhalten einen festen Monatsrhythmus und eine feste Ansprechperson.",
    ],
  },
  "tax-advisory": {
    titles: [
      "Steuerberater für Privatpersonen|Steuerberaterin für Privatpersonen",
      "Steuerberater für Unternehmen|Steuerberaterin für Unternehmen",
      "Berater für internationales Steuerrecht|Beraterin für internationales Steuerrecht",
      "Steuerberater|Steuerberaterin",
    ],
    taglines: [
      "Pünktlich erklären, nur zahlen, was Sie schulden",
      "Steuerplanung für Menschen mit mehr als einem Land im Leben",
      "Steuerberatung das ganze Jahr, nicht nur zur Abgabefrist",
      "Klare Antworten auf komplizierte Steuerfragen",
    ],
    bios: [
      "{name} berät seit {years} Jahren Privatpersonen und Unternehmen in {city} in Steuerfragen. Das Spektrum reicht von der jährlichen Steuererklärung bis zur Planung von Immobilienverkäufen, Aktienoptionen und Umzügen ins Ausland. Jeder Mandant erhält eine schriftliche Zusammenfassung: was, wann und warum einzureichen ist.",
      "Nach {years} Jahren in der Steuerpraxis hat {name} eine unabhängige Steuerberatung in {city} gegründet. Mandanten schätzen feste Angebote, klare Fristen und ruhige Erklärungen, was die Regeln für sie bedeuten.",
    ],
  },
  "business-consulting": {
    titles: [
      "Strategieberater|Strategieberaterin",
      "Berater für Betriebsabläufe|Beraterin für Betriebsabläufe",
      "Startup-Berater|Startup-Beraterin",
      "Unternehmensberater|Unternehmensberaterin",
    ],
    taglines: [
      "Aus ehrgeizigen Plänen werden Wochenprioritäten",
      "Gründer dabei unterstützen, skalierbare Unternehmen aufzubauen",
      "Schärfere Strategie, einfachere Abläufe",
      "Ein Blick von außen, wenn viel auf dem Spiel steht",
    ],
    bios: [
      "{name} war {years} Jahre in Beratung und operativer Verantwortung tätig, bevor der Schritt in die Selbstständigkeit in {city} folgte. Projekte sind kurz und fokussiert: eine klare Diagnose, ein Plan, hinter dem das Team steht, und Begleitung, bis er wirkt. Zu den Kunden zählen Familienunternehmen ebenso wie wagniskapitalfinanzierte Startups.",
      "{name} unterstützt von {city} aus seit {years} Jahren Führungsteams dabei, schneller bessere Entscheidungen zu treffen. Die Sitzungen verbinden strukturierte Problemlösung mit praktischen Vorlagen, die das Team weiter nutzen kann.",
    ],
  },
  finance: {
    titles: [
      "Finanzplaner|Finanzplanerin",
      "Anlageberater|Anlageberaterin",
      "Berater für Kapitalbeschaffung|Beraterin für Kapitalbeschaffung",
      "Unabhängiger Finanzberater|Unabhängige Finanzberaterin",
    ],
    taglines: [
      "Ein klarer Finanzplan für jede Lebensphase",
      "Unabhängige Beratung ohne Produktverkauf",
      "Schritt für Schritt zu sicheren Finanzentscheidungen",
      "Verlässliche Zahlen, wenn viel auf dem Spiel steht",
    ],
    bios: [
      "{name} hat {years} Jahre Erfahrung in Finanzplanung und Anlageberatung und betreut Kunden in {city} und online. Die Beratung erfolgt auf Honorarbasis, Empfehlungen hängen also nie an Provisionen. Jedes Gespräch endet mit einer schriftlichen Zusammenfassung und konkreten nächsten Schritten.",
      "Bevor {name} eine unabhängige Beratung in {city} eröffnete, standen {years} Jahre in Banken und Unternehmensfinanzierung. Zu den Kunden zählen Berufseinsteiger, die Rücklagen aufbauen, ebenso wie Gründer vor einer Finanzierungsrunde.",
    ],
  },
  marketing: {
    titles: [
      "Berater für digitales Marketing|Beraterin für digitales Marketing",
      "Markenstratege|Markenstrategin",
      "SEO-Spezialist|SEO-Spezialistin",
      "Growth-Marketer|Growth-Marketerin",
    ],
    taglines: [
      "Mehr passende Kunden, weniger verschwendetes Budget",
      "Marketingpläne auf Basis von Daten statt Bauchgefühl",
      "Marken, an die man sich erinnert und die man empfiehlt",
      "Praktisches Marketing für kleine Teams",
    ],
    bios: [
      "{name} bringt {years} Jahre Marketingerfahrung aus Agenturen und Unternehmen mit und betreut heute Kunden von {city} aus. Jedes Projekt beginnt mit einer Analyse dessen, was bereits funktioniert, gefolgt von einem fokussierten 90-Tage-Plan. Berichtet wird monatlich, verständlich und mit Blick auf Umsatz statt Eitelkeitskennzahlen.",
      "{name} hilft von {city} aus Gründern und Marketingverantwortlichen, Kanäle zu finden, die sich rechnen. Nach {years} Jahren mit Kampagnen für Konsummarken und B2B-Unternehmen lautet der Ansatz: klein testen, ehrlich messen, ausbauen, was funktioniert.",
    ],
  },
  technology: {
    titles: [
      "Softwarearchitekt|Softwarearchitektin",
      "Berater für Cloud-Infrastruktur|Beraterin für Cloud-Infrastruktur",
      "Berater für Cybersicherheit|Beraterin für Cybersicherheit",
      "Berater für Daten und KI|Beraterin für Daten und KI",
    ],
    taglines: [
      "Systeme, die beim Wachstum schnell, sicher und bezahlbar bleiben",
      "Das Urteilsvermögen eines Senior Engineers, stundenweise verfügbar",
      "Von der Whiteboard-Skizze bis in die Produktion, ohne Umwege",
      "Pragmatische Technologieberatung für Teams, die liefern",
    ],
    bios: [
      "{name} hat {years} Jahre praktische Erfahrung in der Softwareentwicklung und leitete zuletzt Plattformteams in {city}. Reviews sind praxisnah: was jetzt behoben werden muss, was warten kann und was es kostet. Zu den Kunden zählen junge Startups und etablierte Unternehmen, die Altsysteme modernisieren.",
      "{name} hilft von {city} aus Entwicklungsteams, ihre Systeme zu entwerfen, abzusichern und zu skalieren. Nach {years} Jahren mit Produktivsoftware liegt der Fokus auf einfachen Architekturen, guter Observability und Entscheidungen, die das ganze Team versteht.",
      "{name} berät CTOs und Produktteams in {city} zu Architektur, Cloud-Kosten und Sicherheit. {years} Jahre in der Branche haben gezeigt: Die beste Lösung ist meist die einfachste, die sich messen lässt.",
    ],
  },
  immigration: {
    titles: [
      "Anwalt für Einwanderungsrecht|Anwältin für Einwanderungsrecht",
      "Berater für Arbeitsvisa|Beraterin für Arbeitsvisa",
      "Anwalt für Familiennachzug|Anwältin für Familiennachzug",
      "Berater für Einbürgerung|Beraterin für Einbürgerung",
    ],
    taglines: [
      "Familien und Fachkräfte sicher in ein neues Land begleiten",
      "Visumanträge, die beim ersten Mal sitzen",
      "Klare Begleitung vom ersten Visum bis zur Einbürgerung",
      "Ruhige, gründliche Unterstützung bei jedem Schritt der Einwanderung",
    ],
    bios: [
      "{name} hat {years} Jahre Erfahrung im Einwanderungsrecht und betreut Mandanten von {city} aus. Die meisten Fälle betreffen Arbeitserlaubnisse, Familiennachzug und Daueraufenthalt – von der Prüfung der Voraussetzungen bis zum vollständigen Antrag. Mandanten erhalten am ersten Tag eine Dokumenten-Checkliste und regelmäßige Statusupdates.",
      "In {years} Jahren Einwanderungspraxis in {city} hat {name} Hunderten Menschen geholfen, sich ein neues Leben aufzubauen. Jede Akte wird sorgfältig vorbereitet, um Verzögerungen und Ablehnungen zu vermeiden, und jeder Schritt wird verständlich erklärt.",
    ],
  },
  healthcare: {
    titles: [
      "Diätassistent|Diätassistentin",
      "Klinischer Psychologe|Klinische Psychologin",
      "Physiotherapeut|Physiotherapeutin",
      "Sporternährungsberater|Sporternährungsberaterin",
    ],
    taglines: [
      "Evidenzbasierte Betreuung, die zu Ihrem Alltag passt",
      "Kleine, stetige Veränderungen, die bleiben",
      "Online-Sitzungen mit derselben Sorgfalt wie in der Praxis",
      "Damit es Ihnen Sitzung für Sitzung besser geht",
    ],
    bios: [
      "{name} ist seit {years} Jahren klinisch in {city} tätig und verfügt über eine staatliche Zulassung. Die Sitzungen sind evidenzbasiert, ohne Zeitdruck und auf die Ziele und Lebensumstände jeder Person zugeschnitten. Für alle, die nicht persönlich kommen können, gibt es Online-Termine.",
      "Nach {years} Jahren in Kliniken und Praxen in {city} bietet {name} heute Einzelberatungen an. Der Ansatz ist praktisch und partnerschaftlich, mit klaren Zielen, die in der ersten Sitzung vereinbart werden. Die Beratung ergänzt die Betreuung durch Ihre Ärztin oder Ihren Arzt, ersetzt sie aber nie.",
    ],
  },
  "human-resources": {
    titles: [
      "Recruiting-Berater|Recruiting-Beraterin",
      "Berater für Vergütung und Benefits|Beraterin für Vergütung und Benefits",
      "Berater für HR-Compliance|Beraterin für HR-Compliance",
      "Interim-Personalleiter|Interim-Personalleiterin",
    ],
    taglines: [
      "Personalarbeit, die mit Ihrem Unternehmen wächst",
      "Die richtigen Leute schneller einstellen",
      "Personalarbeit richtig gemacht, ohne Bürokratie",
      "Faire Bezahlung, klare Regeln, zufriedenere Teams",
    ],
    bios: [
      "{name} bringt {years} Jahre Erfahrung in der Personalleitung mit und unterstützt wachsende Unternehmen von {city} aus. Typische Projekte sind Einstellungspläne, Gehaltsbänder, Mitarbeiterhandbücher und schwierige Gespräche. Das Ziel ist immer dasselbe: einfache Prozesse, die Führungskräfte wirklich nutzen.",
      "{name} übernimmt von {city} aus die Personalarbeit für Teams ohne eigene Personalabteilung. {years} Jahre in Startups und internationalen Konzernen sorgen für Empfehlungen, die rechtssicher, menschlich und praktikabel sind.",
    ],
  },
  "intellectual-property": {
    titles: [
      "Patentanwalt|Patentanwältin",
      "Markenanwalt|Markenanwältin",
      "Anwalt für Urheberrecht|Anwältin für Urheberrecht",
      "Berater für geistiges Eigentum|Beraterin für geistiges Eigentum",
    ],
    taglines: [
      "Die Ideen schützen, auf denen Ihr Unternehmen aufbaut",
      "Von der ersten Anmeldung bis zur Durchsetzung",
      "Klare IP-Strategie für Erfinder und Kreative",
      "Sichern Sie Ihre Marke, bevor es ein anderer tut",
    ],
    bios: [
      "{name} hat {years} Jahre Erfahrung im Bereich geistiges Eigentum und berät Mandanten von {city} aus. Die Arbeit umfasst Recherchen, Anmeldungen, Portfoliostrategie und Streitigkeiten für Startups, Designer und Forschungsteams. Vor jeder Anmeldung gibt es eine klare Kostenschätzung.",
      "Seit {years} Jahren hilft {name} Erfindern, Marken und Kreativen in {city}, ihre Rechte zu sichern und zu verteidigen. Die Beratung ist praxisnah und budgetbewusst: zuerst das Wichtigste schützen – und zwar richtig.",
    ],
  },
  "real-estate": {
    titles: [
      "Berater für Wohnimmobilien|Beraterin für Wohnimmobilien",
      "Berater für Gewerbeimmobilien|Beraterin für Gewerbeimmobilien",
      "Anwalt für Immobilienrecht|Anwältin für Immobilienrecht",
      "Käufermakler|Käufermaklerin",
    ],
    taglines: [
      "Kaufen, verkaufen oder mieten – mit einem Profi an Ihrer Seite",
      "Ehrliche Beratung beim größten Kauf Ihres Lebens",
      "Lokale Marktkenntnis, unabhängige Beratung",
      "Reibungslose Abwicklung vom Angebot bis zur Schlüsselübergabe",
    ],
    bios: [
      "{name} kennt den Immobilienmarkt in {city} seit {years} Jahren. Vor jeder Entscheidung gibt es eine ehrliche Einschätzung zu Preisen, Vierteln und Risiken, danach Unterstützung bei Verhandlung und Abschluss. Internationale Käufer sind willkommen, Besichtigungen per Video auf Anfrage.",
      "Mit {years} Jahren Erfahrung in Immobilientransaktionen hilft {name} Käufern, Verkäufern und Investoren in {city}, sichere Entscheidungen zu treffen. Jede Transaktion bekommt eine Checkliste, einen realistischen Zeitplan und eine feste Ansprechperson.",
    ],
  },
  "english-tutor": {
    titles: [
      "Business-English-Coach",
      "IELTS- und TOEFL-Tutor|IELTS- und TOEFL-Tutorin",
      "Tutor für englische Konversation|Tutorin für englische Konversation",
      "Englischlehrer|Englischlehrerin",
    ],
    taglines: [
      "Selbstbewusst Englisch sprechen – im Beruf und darüber hinaus",
      "Freundlicher, strukturierter Unterricht für Erwachsene",
      "Unterricht nach Ihren Zielen, Ihrem Zeitplan und Ihrem Niveau",
      "Echte Gespräche, stetige Fortschritte",
    ],
    bios: [
      "Englisch ist die Muttersprache von {name}, und nach {years} Jahren Unterrichtserfahrung finden die Stunden heute von {city} aus statt. Der Unterricht richtet sich nach Ihren Zielen – von Vorstellungsgesprächen und Präsentationen bis zur Vorbereitung auf IELTS und TOEFL. Jede Stunde endet mit Notizen und einem kurzen Übungsplan.",
      "Nach {years} Jahren Unterricht für Erwachsene an Sprachschulen und in Unternehmen bietet {name} heute Online-Einzelunterricht von {city} aus an. Es gibt viel Sprechzeit, behutsame Korrekturen und Material aus dem echten Leben und Berufsalltag.",
    ],
  },
  "language-tutor": {
    titles: [
      "Spanischlehrer|Spanischlehrerin",
      "Japanischlehrer|Japanischlehrerin",
      "Koreanischlehrer|Koreanischlehrerin",
      "Französischlehrer|Französischlehrerin",
      "Deutschlehrer|Deutschlehrerin",
      "Chinesischlehrer|Chinesischlehrerin",
    ],
    taglines: [
      "Sprechen ab der ersten Stunde",
      "Geduldiger, strukturierter Unterricht für jedes Niveau",
      "Grammatik verständlich, Konversation mit Spaß",
      "Prüfungsvorbereitung und Alltagskonversation",
    ],
    bios: [
      "{name} unterrichtet die eigene Muttersprache seit {years} Jahren in {city} und hat eine anerkannte Ausbildung als Sprachlehrkraft. Der Unterricht verbindet Sprechen, Hörverstehen und Grammatik und passt sich Ihrem Tempo und Ihren Zielen an. Viele Lernende bereiten sich auf Prüfungen, einen Umzug ins Ausland oder die Arbeit mit internationalen Kollegen vor.",
      "Seit {years} Jahren unterrichtet {name} Lernende aller Niveaus – zuerst im Klassenzimmer in {city}, heute vor allem online. Freuen Sie sich auf echte Gespräche ab dem ersten Tag, klare Erklärungen und Hausaufgaben, die in einen vollen Alltag passen.",
    ],
  },
  "professional-instructor": {
    titles: [
      "Coach für öffentliches Sprechen",
      "Führungskräftecoach",
      "Trainer für Projektmanagement|Trainerin für Projektmanagement",
      "Coach für Top-Führungskräfte",
    ],
    taglines: [
      "Praktische Fähigkeiten, die Sie morgen im Job nutzen können",
      "Fachkräfte beim Führen, Präsentieren und Umsetzen unterstützen",
      "Coaching, das nachhaltiges Selbstvertrauen aufbaut",
      "Zertifizierte Trainings für ambitionierte Fachkräfte",
    ],
    bios: [
      "{name} coacht und trainiert seit {years} Jahren Fachkräfte und arbeitet von {city} aus mit Einzelpersonen und Teams. Die Sitzungen sind praxisnah: echte Szenarien, aufgezeichnete Übungen und konkretes Feedback. Viele Kunden bereiten sich auf eine Beförderung, eine wichtige Präsentation oder eine Zertifizierungsprüfung vor.",
      "Nach {years} Jahren in der Leitung von Teams und Projekten hilft {name} heute von {city} aus anderen, dasselbe zu schaffen. Die Programme verbinden bewährte Methoden mit ehrlichem Feedback, sodass Fortschritte schon nach wenigen Sitzungen sichtbar sind.",
    ],
  },
};
