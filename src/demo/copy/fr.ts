import type { LocaleCopy } from "./types.ts";

// Titles are "masculin|féminin" where French inflects them; bios avoid gendered words and use
// "à {city}" (never "de {city}", which would need elision before a vowel).
export const fr: LocaleCopy = {
  legal: {
    titles: [
      "Avocat en droit des contrats|Avocate en droit des contrats",
      "Avocat en droit de la famille|Avocate en droit de la famille",
      "Avocat en droit du travail|Avocate en droit du travail",
      "Avocat d'affaires|Avocate d'affaires",
    ],
    taglines: [
      "Des conseils juridiques concrets, en langage clair",
      "Protéger vos intérêts avant que les problèmes n'apparaissent",
      "Des réponses claires, des honoraires forfaitaires, aucune surprise",
      "Un conseil de confiance pour les particuliers et les entreprises en croissance",
    ],
    bios: [
      "{name} exerce le droit à {city} depuis {years} ans. Ses clients apprécient une rédaction soignée, une évaluation honnête des risques et des conseils directement applicables. Chaque mission commence par un court échange pour convenir du périmètre et des honoraires.",
      "Après {years} ans en cabinet, {name} conseille aujourd'hui ses clients à {city} et à distance. L'objectif : régler les dossiers tôt, par la négociation lorsque c'est possible et devant le tribunal lorsque c'est nécessaire.",
      "Depuis {years} ans, {name} accompagne particuliers et entreprises à {city} dans leurs questions juridiques. Les documents sont examinés rapidement et expliqués simplement.",
    ],
  },
  accounting: {
    titles: [
      "Spécialiste de la tenue de comptes",
      "Spécialiste de l'audit",
      "Comptable en reporting financier",
      "Expert-comptable pour TPE|Experte-comptable pour TPE",
    ],
    taglines: [
      "Des comptes propres et des chiffres clairs chaque mois",
      "Une comptabilité prête pour l'audit toute l'année",
      "Transformer tickets et tableurs en rapports fiables",
      "Aider les dirigeants à comprendre leurs chiffres",
    ],
    bios: [
      "{name} travaille en comptabilité depuis {years} ans et accompagne les petites et moyennes entreprises à {city}. Les clôtures mensuelles sont livrées à temps, avec une courte note expliquant ce qui a changé et pourquoi. La mise en place et le suivi d'outils en ligne comme Xero ou QuickBooks font partie du service.",
      "Avec {years} ans d'expérience en audit et en reporting, {name} aide les entreprises à {city} à tenir des comptes exacts et à préparer la clôture annuelle sereinement. Les clients bénéficient d'un rythme mensuel fixe et d'un interlocuteur unique.",
    ],
  },
  "tax-advisory": {
    titles: [
      "Conseiller en fiscalité des particuliers|Conseillère en fiscalité des particuliers",
      "Conseiller en fiscalité des entreprises|Conseillère en fiscalité des entreprises",
      "Consultant en fiscalité internationale|Consultante en fiscalité internationale",
      "Conseiller fiscal|Conseillère fiscale",
    ],
    taglines: [
      "Déclarer à temps et ne payer que ce que vous devez",
      "La fiscalité pour ceux dont la vie s'étend sur plusieurs pays",
      "Un conseil fiscal toute l'année, pas seulement à la saison des déclarations",
      "Des réponses simples à des questions fiscales complexes",
    ],
    bios: [
      "Depuis {years} ans, {name} conseille particuliers et entreprises en matière fiscale à {city}. Les missions vont de la déclaration annuelle à la planification d'une vente immobilière, de stock-options ou d'une expatriation. Chaque client reçoit une synthèse écrite : quoi déclarer, quand et pourquoi.",
      "Après {years} ans de pratique fiscale, {name} a ouvert un cabinet de conseil indépendant à {city}. Les clients apprécient les devis fermes, les échéances claires et des explications posées sur ce que les règles signifient pour eux.",
    ],
  },
  "business-consulting": {
    titles: [
      "Consultant en stratégie|Consultante en stratégie",
      "Consultant en opérations|Consultante en opérations",
      "Conseiller de startups|Conseillère de startups",
      "Consultant en management|Consultante en management",
    ],
    taglines: [
      "Transformer des plans ambitieux en priorités hebdomadaires",
      "Aider les fondateurs à bâtir des entreprises qui passent à l'échelle",
      "Une stratégie plus nette, des opérations plus simples",
      "Un regard extérieur quand les enjeux sont élevés",
    ],
    bios: [
      "{name} a passé {years} ans dans le conseil et en entreprise avant de s'installer à son compte à {city}. Les missions sont courtes et ciblées : un diagnostic clair, un plan auquel l'équipe adhère et un suivi jusqu'à ce qu'il porte ses fruits. Les clients vont de l'entreprise familiale à la startup financée par du capital-risque.",
      "Depuis {city}, {name} met {years} ans d'expérience au service des équipes dirigeantes pour décider mieux et plus vite. Les séances associent résolution de problèmes structurée et modèles pratiques que l'équipe peut réutiliser.",
    ],
  },
  finance: {
    titles: [
      "Planificateur financier|Planificatrice financière",
      "Conseiller en investissement|Conseillère en investissement",
      "Conseiller en levée de fonds|Conseillère en levée de fonds",
      "Conseiller financier indépendant|Conseillère financière indépendante",
    ],
    taglines: [
      "Un plan financier clair à chaque étape de la vie",
      "Un conseil indépendant, sans produit à vendre",
      "Prendre des décisions financières sereines, pas à pas",
      "Des chiffres fiables quand les enjeux sont élevés",
    ],
    bios: [
      "{name} a {years} ans d'expérience en planification financière et en conseil en investissement, auprès de clients à {city} et en ligne. La rémunération se fait uniquement par honoraires : les recommandations ne dépendent jamais de commissions. Chaque rendez-vous se termine par une synthèse écrite et des prochaines étapes concrètes.",
      "Avant d'ouvrir un cabinet indépendant à {city}, {name} a passé {years} ans dans la banque et la finance d'entreprise. Les clients vont du jeune actif qui commence à épargner au fondateur qui prépare une levée de fonds.",
    ],
  },
  marketing: {
    titles: [
      "Consultant en marketing digital|Consultante en marketing digital",
      "Stratège de marque",
      "Spécialiste SEO",
      "Expert en growth marketing|Experte en growth marketing",
    ],
    taglines: [
      "Plus de bons clients, moins de budget gaspillé",
      "Des plans marketing fondés sur les données, pas sur l'intuition",
      "Des marques que l'on retient et que l'on recommande",
      "Un marketing concret pour les petites équipes",
    ],
    bios: [
      "{name} cumule {years} ans d'expérience en marketing, en agence comme chez l'annonceur, et accompagne aujourd'hui ses clients depuis {city}. Chaque mission commence par un audit de ce qui fonctionne déjà, suivi d'un plan ciblé sur 90 jours. Le reporting est mensuel, rédigé simplement et relié au chiffre d'affaires plutôt qu'aux indicateurs de vanité.",
      "Depuis {city}, {name} aide fondateurs et responsables marketing à trouver les canaux rentables. Avec {years} ans de campagnes pour des marques grand public comme pour des entreprises B2B, la méthode est simple : tester petit, mesurer honnêtement et amplifier ce qui marche.",
    ],
  },
  technology: {
    titles: [
      "Architecte logiciel|Architecte logicielle",
      "Consultant en infrastructure cloud|Consultante en infrastructure cloud",
      "Consultant en cybersécurité|Consultante en cybersécurité",
      "Consultant data et IA|Consultante data et IA",
    ],
    taglines: [
      "Des systèmes rapides, sûrs et abordables à mesure que vous grandissez",
      "Le jugement d'un ingénieur senior, disponible à l'heure",
      "Du croquis au tableau blanc à la production, sans détour",
      "Des conseils techniques pragmatiques pour les équipes qui livrent",
    ],
    bios: [
      "{name} a {years} ans d'expérience concrète en ingénierie et a récemment dirigé des équipes plateforme à {city}. Les revues sont pragmatiques : ce qu'il faut corriger maintenant, ce qui peut attendre et ce que cela coûtera. Les clients vont de la jeune startup à l'entreprise établie qui modernise ses systèmes historiques.",
      "Depuis {city}, {name} aide les équipes techniques à concevoir, sécuriser et faire évoluer leurs systèmes. Après {years} ans à développer des logiciels en production, l'accent est mis sur des architectures simples, une bonne observabilité et des décisions comprises par toute l'équipe.",
      "{name} conseille CTO et équipes produit sur l'architecture, les coûts cloud et la sécurité depuis {city}. {years} ans dans le secteur l'ont montré : la meilleure solution est souvent la plus simple que l'on peut mesurer.",
    ],
  },
  immigration: {
    titles: [
      "Avocat en immigration|Avocate en immigration",
      "Consultant en visas de travail|Consultante en visas de travail",
      "Avocat en immigration familiale|Avocate en immigration familiale",
      "Conseiller en citoyenneté|Conseillère en citoyenneté",
    ],
    taglines: [
      "Aider familles et travailleurs qualifiés à s'installer en toute confiance",
      "Des demandes de visa bien faites du premier coup",
      "Un accompagnement clair, du premier visa à la citoyenneté",
      "Un soutien serein et rigoureux à chaque étape de l'immigration",
    ],
    bios: [
      "{name} a {years} ans d'expérience en droit de l'immigration et accompagne ses clients depuis {city}. La plupart des dossiers concernent les permis de travail, le parrainage familial et la résidence permanente, de la vérification de l'admissibilité au dossier complet. Les clients reçoivent une liste de documents dès le premier jour et des points d'étape réguliers.",
      "En {years} ans de pratique en immigration à {city}, {name} a aidé des centaines de personnes à construire une nouvelle vie. Chaque dossier est préparé avec soin pour éviter retards et refus, et chaque étape est expliquée simplement.",
    ],
  },
  healthcare: {
    titles: [
      "Diététicien diplômé|Diététicienne diplômée",
      "Psychologue clinicien|Psychologue clinicienne",
      "Kinésithérapeute",
      "Nutritionniste du sport",
    ],
    taglines: [
      "Des soins fondés sur les preuves, adaptés à votre quotidien",
      "De petits changements réguliers qui durent",
      "Des séances en ligne avec la même attention qu'en cabinet",
      "Vous aider à aller mieux, séance après séance",
    ],
    bios: [
      "{name} exerce à {city} et compte {years} ans d'expérience clinique. Les séances s'appuient sur les données probantes, prennent le temps nécessaire et s'adaptent aux objectifs et à la situation de chacun. Des consultations en ligne sont proposées à ceux qui ne peuvent pas se déplacer.",
      "Après {years} ans en hôpital et en cabinet à {city}, {name} propose désormais des consultations individuelles. L'approche est pratique et collaborative, avec des objectifs clairs fixés dès la première séance. Les consultations complètent le suivi de votre médecin, sans jamais le remplacer.",
    ],
  },
  "human-resources": {
    titles: [
      "Consultant en recrutement|Consultante en recrutement",
      "Conseiller en rémunération et avantages sociaux|Conseillère en rémunération et avantages sociaux",
      "Consultant en conformité RH|Consultante en conformité RH",
      "DRH à temps partagé",
    ],
    taglines: [
      "Des pratiques RH qui grandissent avec votre entreprise",
      "Recruter les bonnes personnes, plus vite",
      "Des RH bien faites, sans la bureaucratie",
      "Une rémunération juste, des règles claires, des équipes plus heureuses",
    ],
    bios: [
      "{name} a {years} ans d'expérience en direction des ressources humaines et accompagne des entreprises en croissance depuis {city}. Les missions typiques : plans de recrutement, grilles salariales, règlement intérieur et conversations délicates. L'objectif reste le même : des processus simples que les managers utilisent vraiment.",
      "Depuis {city}, {name} prend en charge les ressources humaines d'équipes qui n'ont pas de service RH. {years} ans passés en startup comme en multinationale garantissent des conseils conformes, humains et pratiques.",
    ],
  },
  "intellectual-property": {
    titles: [
      "Conseil en brevets",
      "Conseil en marques",
      "Avocat en droit d'auteur|Avocate en droit d'auteur",
      "Conseil en propriété intellectuelle",
    ],
    taglines: [
      "Protéger les idées sur lesquelles repose votre entreprise",
      "Du premier dépôt à la défense de vos droits",
      "Une stratégie de propriété intellectuelle claire pour inventeurs et créateurs",
      "Protégez votre marque avant que quelqu'un d'autre ne le fasse",
    ],
    bios: [
      "{name} a {years} ans d'expérience en propriété intellectuelle et conseille ses clients depuis {city}. Les missions couvrent recherches d'antériorité, dépôts, stratégie de portefeuille et litiges pour startups, designers et équipes de recherche. Un devis clair est remis avant tout dépôt.",
      "Depuis {years} ans, {name} aide inventeurs, marques et créateurs à {city} à obtenir et défendre leurs droits. Les conseils sont pragmatiques et attentifs au budget : protéger d'abord l'essentiel, et le faire correctement.",
    ],
  },
  "real-estate": {
    titles: [
      "Conseiller en immobilier résidentiel|Conseillère en immobilier résidentiel",
      "Conseiller en immobilier commercial|Conseillère en immobilier commercial",
      "Avocat en droit immobilier|Avocate en droit immobilier",
      "Chasseur immobilier|Chasseuse immobilière",
    ],
    taglines: [
      "Acheter, vendre ou louer avec un expert à vos côtés",
      "Des conseils honnêtes pour l'achat le plus important de votre vie",
      "Une connaissance du marché local, un conseil indépendant",
      "Des transactions fluides, de l'offre à la remise des clés",
    ],
    bios: [
      "{name} travaille dans l'immobilier à {city} depuis {years} ans. Avant tout engagement, les clients obtiennent un avis franc sur les prix, les quartiers et les risques, puis un accompagnement jusqu'à la négociation et la signature. Les acheteurs internationaux sont les bienvenus, avec des visites en vidéo sur demande.",
      "Avec {years} ans d'expérience en transactions immobilières, {name} aide acheteurs, vendeurs et investisseurs à {city} à décider en toute confiance. Chaque dossier bénéficie d'une liste de contrôle, d'un calendrier réaliste et d'un interlocuteur unique.",
    ],
  },
  "english-tutor": {
    titles: [
      "Coach en anglais des affaires",
      "Professeur de préparation IELTS et TOEFL|Professeure de préparation IELTS et TOEFL",
      "Professeur de conversation anglaise|Professeure de conversation anglaise",
      "Professeur d'anglais|Professeure d'anglais",
    ],
    taglines: [
      "Parler anglais avec assurance, au travail et ailleurs",
      "Des cours chaleureux et structurés pour les adultes",
      "Des cours adaptés à vos objectifs, votre emploi du temps et votre niveau",
      "De vraies conversations, des progrès réguliers",
    ],
    bios: [
      "{name} enseigne l'anglais, sa langue maternelle, depuis {years} ans et donne ses cours depuis {city}. Les leçons sont adaptées à vos objectifs, des entretiens d'embauche et présentations à la préparation de l'IELTS et du TOEFL. Chaque séance se termine par des notes et un court plan d'entraînement.",
      "Après {years} ans à enseigner aux adultes en écoles de langues et en entreprise, {name} propose désormais des cours particuliers en ligne depuis {city}. Au programme : beaucoup de temps de parole, des corrections bienveillantes et des supports tirés de la vie réelle et du monde du travail.",
    ],
  },
  "language-tutor": {
    titles: [
      "Professeur d'espagnol|Professeure d'espagnol",
      "Professeur de japonais|Professeure de japonais",
      "Professeur de coréen|Professeure de coréen",
      "Professeur de français|Professeure de français",
      "Professeur d'allemand|Professeure d'allemand",
      "Professeur de mandarin|Professeure de mandarin",
    ],
    taglines: [
      "Parler dès le premier cours",
      "Des cours patients et structurés pour tous les niveaux",
      "Une grammaire claire, une conversation ludique",
      "Préparation aux examens et conversation au quotidien",
    ],
    bios: [
      "{name} enseigne sa langue maternelle depuis {years} ans à {city}, avec une formation reconnue en didactique des langues. Les cours équilibrent expression orale, compréhension et grammaire, et s'adaptent à votre rythme comme à vos objectifs. De nombreux élèves préparent un examen, une expatriation ou un travail avec des collègues étrangers.",
      "Depuis {years} ans, {name} enseigne à des apprenants de tous niveaux, d'abord en salle de classe à {city}, aujourd'hui surtout en ligne. Au programme : de vraies conversations dès le premier jour, des explications claires et des devoirs compatibles avec un emploi du temps chargé.",
    ],
  },
  "professional-instructor": {
    titles: [
      "Coach en prise de parole en public",
      "Coach en leadership",
      "Formateur en gestion de projet|Formatrice en gestion de projet",
      "Coach de dirigeants",
    ],
    taglines: [
      "Des compétences pratiques, utilisables dès demain au travail",
      "Aider les professionnels à diriger, présenter et livrer",
      "Un coaching qui construit une confiance durable",
      "Des formations certifiantes pour professionnels ambitieux",
    ],
    bios: [
      "Depuis {years} ans, {name} coache et forme des professionnels, en individuel comme en équipe, depuis {city}. Les séances sont concrètes : mises en situation réelles, exercices filmés et retours précis. Beaucoup de clients préparent une promotion, une présentation importante ou un examen de certification.",
      "Après {years} ans à diriger des équipes et des projets, {name} aide désormais d'autres personnes à en faire autant depuis {city}. Les programmes associent des méthodes éprouvées à des retours francs : les progrès se voient dès les premières séances.",
    ],
  },
};
