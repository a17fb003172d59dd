/**
 * Words that name a kind of help, not a field ("teacher", "lessons", "instructor", "consultant"):
 * in "yoga instructor" the need is yoga, and an expert matching only "instructor" does not fit it.
 * Normalised (lower case, no accents), in the languages queries come in.
 */
export const ROLE_WORDS = new Set(
  (
    "private particular particulares particulier particuliers particuliere privado privada privat privati privata " +
    "consultoria consultorias workshop workshops seminar seminars webinar masterclass taller talleres seminario seminarios atelier ateliers seminare " +
    "teacher teachers tutor tutors tutoring tuition lesson lessons class classes course courses instructor instructors coach coaches " +
    "coaching trainer training consultant consultants consulting consultancy advisor advisors adviser advice expert experts specialist " +
    "specialists professional professionals agency agent services service help someone somebody session sessions consultation " +
    "practitioner provider planner planners designer designers manager managers person company firm studio organizer organiser " +
    "organizador organizadora planificador disenador disenadora gestor gerente organizzatore progettista planer planerin " +
    "organisateur organisatrice profesor profesora clase clases curso cursos lecciones leccion entrenador consultor consultora asesor asesora " +
    "asesoria experto experta especialista agencia servicios ayuda professor professora aula aulas assessor assessoria servicos " +
    "insegnante lezioni lezione corso corsi istruttore consulente consulenza esperto specialista agenzia servizi aiuto lehrer lehrerin " +
    "unterricht kurs kurse nachhilfe berater beraterin beratung experte spezialist agentur hilfe professeur prof cours lecons " +
    "formateur moniteur conseiller conseillere specialiste agence aide leraar les lessen priveles privelessen cursus adviseur " +
    "larare lararen lektion lektioner privatlektioner privatlarare kurser instruktor tranare konsult konsulten radgivare radgivning " +
    "handledare specialist experten byra tjanster hjalp " +
    "先生 講師 教室 レッスン コンサルタント 専門家 老师 课程 顾问 专家 선생님 강사 레슨 수업 컨설턴트 전문가 " +
    "コーチ トレーナー インストラクター 家庭教師 教练 家教 辅导 培训 导师 코치 트레이너 과외 " +
    "репетитор репетитора репетитору репетитором репетиторы репетиторов преподаватель преподавателя преподавателем " +
    "учитель учителя учителем тренер тренера тренером консультант консультанта консультантом урок уроки уроков " +
    "занятия занятий курс курсы курсов korepetytor korepetytora korepetycje korepetycji nauczyciel nauczyciela " +
    "nauczycielka nauczycielki lekcje lekcji kurs kursy trener trenera konsultant konsultanta ogretmen ogretmeni " +
    "hoca hocası egitmen egitmeni ders dersi dersleri kursu koc kocu danısman danısmanı"
  ).split(" "),
);

/** Whether a query term names only a kind of help (every word of it a role word). */
export function isRole(label: string): boolean {
  return label.split(" ").every((w) => ROLE_WORDS.has(w));
}
