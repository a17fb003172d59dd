import type { LocaleCopy } from "./types.ts";

// Titles are "masculino|femenino" where Spanish inflects them; bios name the person and avoid
// gendered adjectives, and use "en {city}", which reads right before any city name.
export const es: LocaleCopy = {
  legal: {
    titles: [
      "Abogado de contratos|Abogada de contratos",
      "Abogado de familia|Abogada de familia",
      "Abogado laboralista|Abogada laboralista",
      "Abogado mercantil|Abogada mercantil",
    ],
    taglines: [
      "Asesoría jurídica práctica, en lenguaje claro",
      "Protegemos sus intereses antes de que surjan los problemas",
      "Respuestas claras, honorarios cerrados, sin sorpresas",
      "Asesoramiento de confianza para particulares y empresas en crecimiento",
    ],
    bios: [
      "{name} ejerce la abogacía en {city} desde hace {years} años. Sus clientes valoran la redacción cuidadosa, una evaluación honesta de los riesgos y consejos que se pueden aplicar de inmediato. Cada encargo empieza con una breve llamada para acordar el alcance y el coste.",
      "Tras {years} años en despachos privados, {name} asesora hoy a clientes en {city} y a distancia. El objetivo es resolver los asuntos pronto, negociando cuando es posible y ante los tribunales cuando es necesario.",
      "Desde hace {years} años, {name} ayuda a personas y empresas en {city} a resolver sus cuestiones legales con seguridad. Los documentos se revisan con rapidez y se explican con palabras sencillas.",
    ],
  },
  accounting: {
    titles: [
      "Especialista en teneduría de libros",
      "Especialista en auditoría",
      "Contable de información financiera",
      "Contable para pequeñas empresas",
    ],
    taglines: [
      "Cuentas ordenadas y cifras claras cada mes",
      "Una contabilidad lista para la auditoría todo el año",
      "Convertimos tickets y hojas de cálculo en informes fiables",
      "Ayudamos a los propietarios a entender sus números",
    ],
    bios: [
      "{name} trabaja en contabilidad desde hace {years} años y acompaña a pequeñas y medianas empresas en {city}. Los cierres mensuales se entregan a tiempo, con una breve nota que explica qué ha cambiado y por qué. La puesta en marcha y el mantenimiento de herramientas en la nube como Xero o QuickBooks forman parte del servicio.",
      "Con {years} años de experiencia en auditoría e información financiera, {name} ayuda a las empresas de {city} a llevar registros exactos y a preparar el cierre del ejercicio con tranquilidad. Los clientes tienen un ritmo mensual fijo y una única persona de contacto.",
    ],
  },
  "tax-advisory": {
    titles: [
      "Asesor fiscal de particulares|Asesora fiscal de particulares",
      "Asesor fiscal de empresas|Asesora fiscal de empresas",
      "Consultor de fiscalidad internacional|Consultora de fiscalidad internacional",
      "Asesor fiscal|Asesora fiscal",
    ],
    taglines: [
      "Declaraciones a tiempo, pagando solo lo que corresponde",
      "Planificación fiscal para quien tiene más de un país en su vida",
      "Asesoramiento fiscal todo el año, no solo en la campaña de la renta",
      "Respuestas sencillas a preguntas fiscales complicadas",
    ],
    bios: [
      "{name} asesora a particulares y empresas en materia fiscal desde {city} desde hace {years} años. El trabajo abarca desde la declaración anual hasta la planificación de ventas de inmuebles, opciones sobre acciones y traslados internacionales. Cada cliente recibe un resumen por escrito de qué presentar, cuándo y por qué.",
      "{name} trabajó {years} años en asesoría fiscal antes de abrir un despacho independiente en {city}. Los clientes aprecian los presupuestos cerrados, los plazos claros y las explicaciones tranquilas sobre lo que las normas significan para ellos.",
    ],
  },
  "business-consulting": {
    titles: [
      "Consultor de estrategia|Consultora de estrategia",
      "Consultor de operaciones|Consultora de operaciones",
      "Asesor de startups|Asesora de startups",
      "Consultor de gestión|Consultora de gestión",
    ],
    taglines: [
      "Convertimos planes ambiciosos en prioridades semanales",
      "Ayudamos a los fundadores a crear empresas que escalan",
      "Una estrategia más precisa, unas operaciones más simples",
      "Una mirada externa cuando hay mucho en juego",
    ],
    bios: [
      "{name} pasó {years} años en consultoría y en puestos de gestión antes de establecerse por cuenta propia en {city}. Los proyectos son cortos y concretos: un diagnóstico claro, un plan en el que el equipo cree y un seguimiento hasta que funciona. Entre sus clientes hay empresas familiares y startups con capital riesgo.",
      "Con sede en {city}, {name} aporta {years} años de experiencia ayudando a equipos directivos a tomar mejores decisiones con más rapidez. Las sesiones combinan la resolución estructurada de problemas con plantillas prácticas que su equipo puede seguir usando.",
    ],
  },
  finance: {
    titles: [
      "Planificador financiero|Planificadora financiera",
      "Asesor de inversiones|Asesora de inversiones",
      "Asesor de captación de fondos|Asesora de captación de fondos",
      "Asesor financiero independiente|Asesora financiera independiente",
    ],
    taglines: [
      "Un plan financiero claro para cada etapa de la vida",
      "Asesoramiento independiente, sin productos que vender",
      "Decisiones de dinero con seguridad, paso a paso",
      "Cifras de confianza cuando hay mucho en juego",
    ],
    bios: [
      "{name} tiene {years} años de experiencia en planificación financiera y asesoramiento de inversiones, con clientes en {city} y en línea. El asesoramiento se cobra solo por honorarios, así que las recomendaciones nunca dependen de comisiones. Cada reunión termina con un resumen por escrito y próximos pasos concretos.",
      "Antes de abrir un despacho independiente en {city}, {name} pasó {years} años en banca y finanzas corporativas. Sus clientes van desde jóvenes profesionales que empiezan a ahorrar hasta fundadores que preparan una ronda de financiación.",
    ],
  },
  marketing: {
    titles: [
      "Consultor de marketing digital|Consultora de marketing digital",
      "Estratega de marca",
      "Especialista en SEO",
      "Especialista en growth marketing",
    ],
    taglines: [
      "Más clientes adecuados, menos gasto desperdiciado",
      "Planes de marketing basados en datos, no en suposiciones",
      "Marcas que la gente recuerda y recomienda",
      "Marketing práctico para equipos pequeños",
    ],
    bios: [
      "{name} tiene {years} años de experiencia en marketing, en agencias y en equipos internos, y hoy trabaja con clientes desde {city}. Cada proyecto empieza con una auditoría de lo que ya funciona, seguida de un plan concreto a 90 días. Los informes son mensuales, en lenguaje claro y ligados a los ingresos y no a métricas de vanidad.",
      "Desde {city}, {name} ayuda a fundadores y responsables de marketing a encontrar los canales que se pagan solos. Con {years} años de campañas para marcas de consumo y empresas B2B, el método es sencillo: probar a pequeña escala, medir con honestidad y ampliar lo que funciona.",
    ],
  },
  technology: {
    titles: [
      "Arquitecto de software|Arquitecta de software",
      "Consultor de infraestructura en la nube|Consultora de infraestructura en la nube",
      "Consultor de ciberseguridad|Consultora de ciberseguridad",
      "Consultor de datos e IA|Consultora de datos e IA",
    ],
    taglines: [
      "Sistemas que siguen siendo rápidos, seguros y asequibles a medida que crece",
      "Criterio de ingeniería sénior, disponible por horas",
      "Del boceto en la pizarra a producción, sin rodeos",
      "Asesoramiento tecnológico pragmático para equipos que entregan",
    ],
    bios: [
      "{name} tiene {years} años de experiencia práctica en ingeniería y hasta hace poco dirigía equipos de plataforma en {city}. Las revisiones son prácticas: qué arreglar ahora, qué puede esperar y cuánto costará. Entre sus clientes hay startups en fase inicial y empresas consolidadas que modernizan sistemas heredados.",
      "Desde {city}, {name} ayuda a equipos de ingeniería a diseñar, proteger y escalar sus sistemas. Tras {years} años creando software en producción, el foco está en arquitecturas simples, buena observabilidad y decisiones que todo el equipo entiende.",
      "{name} asesora a CTO y equipos de producto sobre arquitectura, costes de la nube y seguridad desde {city}. {years} años en el sector han demostrado que la mejor solución suele ser la más sencilla que se puede medir.",
    ],
  },
  immigration: {
    titles: [
      "Abogado de inmigración|Abogada de inmigración",
      "Consultor de visados de trabajo|Consultora de visados de trabajo",
      "Abogado de reagrupación familiar|Abogada de reagrupación familiar",
      "Asesor de nacionalidad|Asesora de nacionalidad",
    ],
    taglines: [
      "Ayudamos a familias y profesionales a mudarse con seguridad",
      "Solicitudes de visado bien hechas a la primera",
      "Orientación clara desde el primer visado hasta la nacionalidad",
      "Acompañamiento sereno y minucioso en cada paso migratorio",
    ],
    bios: [
      "{name} tiene {years} años de experiencia en asuntos de inmigración y trabaja con clientes desde {city}. La mayoría de los casos tratan de permisos de trabajo, reagrupación familiar y residencia permanente, desde la comprobación de requisitos hasta la solicitud completa. Los clientes reciben una lista de documentos el primer día y actualizaciones periódicas.",
      "{name} ha ayudado a cientos de personas a empezar una nueva vida en {years} años de práctica en inmigración en {city}. Cada expediente se prepara con cuidado para evitar retrasos y denegaciones, y cada paso se explica con palabras sencillas.",
    ],
  },
  healthcare: {
    titles: [
      "Dietista-nutricionista",
      "Psicólogo clínico|Psicóloga clínica",
      "Fisioterapeuta",
      "Nutricionista deportivo|Nutricionista deportiva",
    ],
    taglines: [
      "Una atención basada en la evidencia que encaja en su vida real",
      "Cambios pequeños y constantes que perduran",
      "Sesiones en línea con el mismo cuidado que en persona",
      "Le ayudamos a sentirse mejor, sesión a sesión",
    ],
    bios: [
      "{name} es profesional sanitario colegiado con {years} años de experiencia clínica en {city}. Las sesiones se basan en la evidencia, sin prisas y adaptadas a los objetivos y circunstancias de cada persona. Hay consultas en línea para quien no puede acudir en persona.",
      "Tras {years} años en hospitales y clínicas privadas de {city}, {name} ofrece ahora consultas individuales. El enfoque es práctico y colaborativo, con objetivos claros acordados en la primera sesión. Las consultas complementan, y nunca sustituyen, la atención de su propio médico.",
    ],
  },
  "human-resources": {
    titles: [
      "Consultor de reclutamiento|Consultora de reclutamiento",
      "Asesor de retribución y beneficios|Asesora de retribución y beneficios",
      "Consultor de cumplimiento laboral|Consultora de cumplimiento laboral",
      "Director de RR. HH. a tiempo parcial|Directora de RR. HH. a tiempo parcial",
    ],
    taglines: [
      "Prácticas de personas que crecen con su empresa",
      "Contratar a las personas adecuadas, más rápido",
      "Recursos humanos bien hechos, sin burocracia",
      "Salarios justos, políticas claras, equipos más contentos",
    ],
    bios: [
      "{name} tiene {years} años de experiencia en la dirección de recursos humanos y acompaña a empresas en crecimiento desde {city}. Los proyectos habituales incluyen planes de contratación, bandas salariales, manuales del empleado y conversaciones difíciles. El objetivo es siempre el mismo: procesos sencillos que los responsables usen de verdad.",
      "Desde {city}, {name} se encarga de todo lo relativo a los equipos en empresas que no tienen un área de RR. HH. propia. {years} años entre startups y multinacionales se traducen en consejos conformes a la ley, humanos y prácticos.",
    ],
  },
  "intellectual-property": {
    titles: [
      "Agente de patentes",
      "Abogado de marcas|Abogada de marcas",
      "Abogado de propiedad intelectual|Abogada de propiedad intelectual",
      "Asesor de propiedad industrial|Asesora de propiedad industrial",
    ],
    taglines: [
      "Protegemos las ideas sobre las que se construye su negocio",
      "Desde la primera solicitud hasta la defensa de sus derechos",
      "Una estrategia de propiedad intelectual clara para inventores y creadores",
      "Proteja su marca antes de que lo haga otro",
    ],
    bios: [
      "{name} tiene {years} años de experiencia en propiedad intelectual e industrial y asesora a clientes desde {city}. El trabajo abarca búsquedas, solicitudes, estrategia de cartera y litigios para startups, diseñadores y equipos de investigación. Los clientes reciben un presupuesto claro antes de presentar nada.",
      "{name} lleva {years} años ayudando a inventores, marcas y creadores de {city} a proteger y defender sus derechos. El asesoramiento es práctico y ajustado al presupuesto: proteger primero lo más importante, y hacerlo bien.",
    ],
  },
  "real-estate": {
    titles: [
      "Asesor inmobiliario residencial|Asesora inmobiliaria residencial",
      "Asesor inmobiliario comercial|Asesora inmobiliaria comercial",
      "Abogado inmobiliario|Abogada inmobiliaria",
      "Agente del comprador",
    ],
    taglines: [
      "Compre, venda o alquile con un experto de su lado",
      "Consejo honesto para la compra más importante de su vida",
      "Conocimiento del mercado local, asesoramiento independiente",
      "Operaciones sin sobresaltos, de la oferta a las llaves",
    ],
    bios: [
      "{name} trabaja en el mercado inmobiliario de {city} desde hace {years} años. Los clientes obtienen una visión honesta de precios, barrios y riesgos antes de comprometerse, y apoyo durante la negociación y la firma. Se atiende a compradores internacionales, con visitas por vídeo si lo desean.",
      "Con {years} años en operaciones inmobiliarias, {name} ayuda a compradores, vendedores e inversores en {city} a decidir con seguridad. Cada operación tiene una lista de comprobación, un calendario realista y una única persona de contacto.",
    ],
  },
  "english-tutor": {
    titles: [
      "Coach de inglés de negocios",
      "Profesor de IELTS y TOEFL|Profesora de IELTS y TOEFL",
      "Profesor de conversación en inglés|Profesora de conversación en inglés",
      "Profesor de inglés|Profesora de inglés",
    ],
    taglines: [
      "Hable inglés con seguridad en el trabajo y fuera de él",
      "Clases amenas y estructuradas para adultos",
      "Clases pensadas para sus objetivos, su horario y su nivel",
      "Conversaciones reales, progreso constante",
    ],
    bios: [
      "{name} tiene el inglés como lengua materna y un título de docente, con {years} años de experiencia enseñando desde {city}. Las clases se adaptan a sus objetivos, desde entrevistas de trabajo y presentaciones hasta la preparación del IELTS y el TOEFL. Cada sesión termina con notas y un breve plan de práctica.",
      "Tras {years} años enseñando a adultos en academias de idiomas y empresas, {name} ofrece ahora clases particulares en línea desde {city}. Espere mucho tiempo para hablar, correcciones amables y materiales sacados de la vida y el trabajo reales.",
    ],
  },
  "language-tutor": {
    titles: [
      "Profesor de español|Profesora de español",
      "Profesor de japonés|Profesora de japonés",
      "Profesor de coreano|Profesora de coreano",
      "Profesor de francés|Profesora de francés",
      "Profesor de alemán|Profesora de alemán",
      "Profesor de chino mandarín|Profesora de chino mandarín",
    ],
    taglines: [
      "Aprenda a hablar desde la primera clase",
      "Clases pacientes y estructuradas para todos los niveles",
      "Gramática clara, conversación divertida",
      "Preparación de exámenes y conversación cotidiana",
    ],
    bios: [
      "{name} enseña su lengua materna con titulación docente y {years} años de experiencia, desde {city}. Las clases equilibran expresión oral, comprensión y gramática, y se adaptan a su ritmo y objetivos. Muchos alumnos preparan exámenes, una mudanza al extranjero o el trabajo con colegas internacionales.",
      "{name} enseña a alumnos de todos los niveles desde hace {years} años, primero en aulas de {city} y ahora sobre todo en línea. Espere conversaciones reales desde el primer día, explicaciones claras y deberes que encajan en una agenda apretada.",
    ],
  },
  "professional-instructor": {
    titles: [
      "Coach de oratoria",
      "Coach de liderazgo",
      "Formador en gestión de proyectos|Formadora en gestión de proyectos",
      "Coach ejecutivo|Coach ejecutiva",
    ],
    taglines: [
      "Habilidades prácticas que podrá usar mañana en el trabajo",
      "Ayudamos a los profesionales a liderar, presentar y cumplir",
      "Un coaching que crea una confianza duradera",
      "Formación certificada para profesionales ambiciosos",
    ],
    bios: [
      "{name} lleva {years} años formando y acompañando a profesionales, con personas y equipos desde {city}. Las sesiones son prácticas: situaciones reales, ensayos grabados y comentarios concretos. Muchos clientes preparan un ascenso, una presentación importante o un examen de certificación.",
      "Tras {years} años dirigiendo equipos y proyectos, {name} ayuda ahora a otros a hacer lo mismo desde {city}. Los programas combinan métodos probados con comentarios sinceros, de modo que el progreso se nota tras pocas sesiones.",
    ],
  },
};
